// The emulator's three hot operations (issue 35), this tree's emulator against the one of a pinned
// earlier commit (9e67ed1, wave 2), both run in the same run as processes of their own, driven over
// kept-alive connections, 10 requests in flight, in alternated rounds (this, then, then, this…):
//   read:     GET /payments/{imp_uid}
//   charge:   POST /subscribe/payments/again (a registered card), its webhook to a local receiver
//   getToken: POST /users/getToken
// Each figure is the CPU per request of each emulator process and the ratio of this tree's to the
// pinned one's; the target is ≤ 1.0× (no regression). Both must answer 200 with code 0; the fields
// one answers and the other does not are printed (a field added since is a feature, not a cost).
// BENCH_PROFILE_DIR: both run under node --cpu-prof (<dir>/current, <dir>/pinned). The pinned emulator's files come from `git archive` into a temporary
// directory (its node_modules linked to this tree's). BENCH_EMULATOR_BASELINE: another commit;
// BENCH_EMULATOR_OPS: requests per operation and emulator (default 3,000; charges a third of it).
// Ports: BENCH_EMULATOR_PORT (4171: this tree; +1: the pinned one; +2: the webhook receiver).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Answer, jsonRequest } from './json-request';
import {
  cpuSeconds,
  drive,
  exited,
  load,
  monotonicMicros,
  noticeSink,
  ROOT,
  start,
  stop,
  stopAll,
  waitFor,
} from './processes';
import type { Phase } from './profile-top';

const BASELINE = process.env.BENCH_EMULATOR_BASELINE ?? '9e67ed1';
const OPS = Number(process.env.BENCH_EMULATOR_OPS ?? 3000);
const PORT = Number(process.env.BENCH_EMULATOR_PORT ?? 4171);
const CONCURRENCY = 10;
const ROUNDS = 4;
const CUSTOMERS = 20;
const READABLE = 200;

type Side = 'current' | 'pinned';
type Op = 'read' | 'charge' | 'getToken';

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const request = jsonRequest(agent, { bearer: true });

/** A client of one emulator: its token, registered cards and payments to read. */
async function prepare(url: string, side: Side) {
  const tokenBody = { imp_key: 'test_key', imp_secret: 'test_secret' };
  const { body } = await request(`${url}/users/getToken`, 'POST', tokenBody);
  const token = String(body.response?.access_token);
  const customers: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const customer = `bench_${side}_${i}`;
    const registered = await request(
      `${url}/subscribe/customers/${customer}`,
      'POST',
      { card_number: '4242-4242-4242-4242', expiry: '2099-12', birth: '900101', pwd_2digit: '12' },
      token,
    );
    if (registered.body.code !== 0) throw new Error(`${side}: card registration answered ${registered.body.code}`);
    customers.push(customer);
  }
  let order = 0;
  const charge = async (i: number) => {
    const answer = await request(
      `${url}/subscribe/payments/again`,
      'POST',
      {
        customer_uid: customers[i % CUSTOMERS],
        merchant_uid: `bench_${side}_order_${order++}`,
        amount: 15_900,
        name: '드립백 20개입',
      },
      token,
    );
    if (answer.status !== 200 || answer.body.response?.status !== 'paid') throw new Error(`${side}: charge ${i}`);
    return answer;
  };
  const payments: string[] = [];
  for (let i = 0; i < READABLE; i++) payments.push(String((await charge(i)).body.response?.imp_uid));
  const calls: Record<Op, (i: number) => Promise<Answer>> = {
    read: (i) => request(`${url}/payments/${payments[i % READABLE]}`, 'GET', undefined, token),
    charge,
    getToken: () => request(`${url}/users/getToken`, 'POST', tokenBody),
  };
  return calls;
}

/** The pinned commit's emulator (and what it imports) in a temporary directory, with this tree's packages. */
function pinnedTree(): string {
  const dir = mkdtempSync(path.join(tmpdir(), `emulator-${BASELINE}-`));
  const archive = execFileSync('git', ['archive', BASELINE, 'emulator', 'package.json', 'tsconfig.json'], {
    cwd: ROOT,
    maxBuffer: 256 * 1024 * 1024,
  });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return dir;
}

/** The fields of an answer's response. */
const fieldsOf = (answer: Answer) => Object.keys(answer.body.response ?? {});

/** What differs between the two emulators' answers: fields only one of them has. */
function difference(current: string[], pinned: string[]): string {
  const added = current.filter((field) => !pinned.includes(field));
  const gone = pinned.filter((field) => !current.includes(field));
  if (added.length === 0 && gone.length === 0) return 'same fields';
  return [added.length > 0 && `+${added.join(', +')}`, gone.length > 0 && `-${gone.join(', -')}`]
    .filter(Boolean)
    .join(' ');
}

let failed = false;
const phases: Phase[] = [];
const pinnedDir = pinnedTree();
const sink = await noticeSink(PORT + 2);
/** Each emulator on its port, in memory, its webhooks to the receiver. */
const profile = (side: Side) =>
  process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_PROFILE_DIR, side)}`]
    : [];
const emulator = (side: Side, port: number, cwd: string) => ({
  url: `http://127.0.0.1:${port}`,
  process: start(
    process.execPath,
    [...profile(side), '--import', 'tsx', 'emulator/main.ts'],
    // V2's listener on a free port: the one after V1's is the other emulator's.
    {
      EMULATOR_PORT: String(port),
      EMULATOR_V2_PORT: '0',
      EMULATOR_DATA_DIR: ':memory:',
      EMULATOR_CALLBACK_URL: sink.url,
    },
    cwd,
  ),
});
const servers: Record<Side, ReturnType<typeof emulator>> = {
  current: emulator('current', PORT, ROOT),
  pinned: emulator('pinned', PORT + 1, pinnedDir),
};
try {
  for (const server of Object.values(servers)) await waitFor(`${server.url}/__emulator/api/health`, server.process);
  const clients = {
    current: await prepare(servers.current.url, 'current'),
    pinned: await prepare(servers.pinned.url, 'pinned'),
  };
  console.log(
    `emulator: this tree against ${BASELINE}, ${OPS} requests per operation (charges ${OPS / 3}); load ${load()}`,
  );
  const rows: string[][] = [['', 'this tree', BASELINE, 'ratio', 'answers (fields this tree adds or lacks)']];
  for (const op of ['read', 'charge', 'getToken'] as const) {
    const total = op === 'charge' ? Math.round(OPS / 3) : OPS;
    const per = Math.ceil(total / ROUNDS);
    const cpu = { current: 0, pinned: 0 };
    const wall = { current: 0, pinned: 0 };
    const fields: Record<Side, string[] | undefined> = { current: undefined, pinned: undefined };
    const before = load();
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of (round % 2 === 0 ? ['current', 'pinned'] : ['pinned', 'current']) as Side[]) {
        const pid = servers[side].process.pid;
        const used = cpuSeconds(pid);
        const from = monotonicMicros();
        const result = await drive(per, CONCURRENCY, async (i) => {
          const answer = await clients[side][op](round * per + i);
          if (answer.status !== 200 || answer.body.code !== 0) throw new Error(`${side} ${op} ${i}: ${answer.status}`);
          fields[side] ??= fieldsOf(answer);
        });
        cpu[side] += cpuSeconds(pid) - used;
        phases.push({ profile: side, op, from, to: monotonicMicros() });
        wall[side] += result.wall;
      }
    }
    const us = (side: Side) => (cpu[side] / (per * ROUNDS)) * 1e6;
    const ratio = us('current') / us('pinned');
    if (ratio > 1) failed = true;
    const rate = (side: Side) => `${((per * ROUNDS) / wall[side]).toFixed(0)}/s`;
    rows.push([
      `${op}, CPU µs per request`,
      `${us('current').toFixed(0)} (${rate('current')})`,
      `${us('pinned').toFixed(0)} (${rate('pinned')})`,
      `${ratio.toFixed(2)}× ${ratio <= 1 ? '✔' : '✘'} ≤ 1`,
      `${difference(fields.current ?? [], fields.pinned ?? [])}; load ${before} → ${load()}`,
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  console.log(rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n'));
  if (process.env.BENCH_PROFILE_DIR) {
    mkdirSync(process.env.BENCH_PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(process.env.BENCH_PROFILE_DIR, 'phases.json'), JSON.stringify(phases));
  }
} finally {
  agent.destroy();
  for (const server of Object.values(servers)) stop(server.process);
  await Promise.all(Object.values(servers).map((server) => exited(server.process)));
  await sink.close();
  stopAll();
  rmSync(pinnedDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
