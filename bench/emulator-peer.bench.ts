// The emulator against its public peer (issue 35): samchon's fake-iamport-server, the only other
// stand-in of this service, built from samchon/payments (packages/fake-iamport-server) outside this
// repository and never a dependency. Both run in one run, as processes of their own, driven alike:
// kept-alive connections, 10 requests in flight, alternated rounds. The three hot operations:
//   read:     GET /payments/{imp_uid}
//   charge:   POST /subscribe/payments/again on a registered card (each sends its webhook to a sink)
//   getToken: POST /users/getToken
// Each figure is CPU per request of each server process; the ratio is the peer's ÷ the emulator's
// (the emulator's CPU efficiency relative to the peer; target ≥ 3×).
// BENCH_FAKE_IAMPORT_DIR: the built package (its lib/ after `tsc`); without it the benchmark says
// how to build one and ends without failing. BENCH_EMULATOR_OPS: requests per operation (default
// 3,000; charges a third). Ports: BENCH_PEER_PORT (4181: the emulator; +1: the peer; +2: the sink).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Answer, jsonRequest } from './json-request';
import {
  cpuSeconds,
  drive,
  exited,
  load,
  noticeSink,
  ROOT,
  start,
  stop,
  stopAll,
  waitFor,
  waitForPort,
} from './processes';

const PEER_DIR = process.env.BENCH_FAKE_IAMPORT_DIR;
const OPS = Number(process.env.BENCH_EMULATOR_OPS ?? 3000);
const PORT = Number(process.env.BENCH_PEER_PORT ?? 4181);
const CONCURRENCY = 10;
const ROUNDS = 4;
const CUSTOMERS = 20;
const READABLE = 200;
const TARGET = 3;

type Side = 'emulator' | 'peer';
type Op = 'read' | 'charge' | 'getToken';

if (!PEER_DIR || !existsSync(path.join(PEER_DIR, 'lib', 'FakeIamportBackend.js'))) {
  console.log(
    'emulator-peer: skipped. Set BENCH_FAKE_IAMPORT_DIR to a built fake-iamport-server: fetch samchon/payments, ' +
      'then in packages/fake-iamport-server `npm install && npx tsc` (docs/benchmarks.md).',
  );
  process.exit(0);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

const request = jsonRequest(agent, { bearer: false });

/** A success: 2xx with code 0 (the peer, a NestJS app, answers a POST with 201). */
const ok = (answer: Answer) => answer.status >= 200 && answer.status < 300 && answer.body.code === 0;

const KEYS: Record<Side, { imp_key: string; imp_secret: string }> = {
  emulator: { imp_key: 'test_key', imp_secret: 'test_secret' },
  peer: { imp_key: 'test_imp_key', imp_secret: 'test_imp_secret' },
};

/** A client of one server: its token, registered cards and payments to read. */
async function prepare(url: string, side: Side) {
  const { body } = await request(`${url}/users/getToken`, 'POST', KEYS[side]);
  const token = String(body.response?.access_token);
  const customers: string[] = [];
  for (let i = 0; i < CUSTOMERS; i++) {
    const customer = `bench_${side}_${i}`;
    const card = { card_number: '4242-4242-4242-4242', expiry: '2099-12', birth: '900101', pwd_2digit: '12' };
    const registered = await request(
      `${url}/subscribe/customers/${customer}`,
      'POST',
      { customer_uid: customer, ...card },
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
        merchant_uid: `bench_${side}_${order++}`,
        amount: 15_900,
        name: '드립백',
      },
      token,
    );
    if (!ok(answer) || answer.body.response?.status !== 'paid')
      throw new Error(`${side}: charge ${i}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    return answer;
  };
  const payments: string[] = [];
  for (let i = 0; i < READABLE; i++) payments.push(String((await charge(i)).body.response?.imp_uid));
  const calls: Record<Op, (i: number) => Promise<Answer>> = {
    read: (i) => request(`${url}/payments/${payments[i % READABLE]}`, 'GET', undefined, token),
    charge,
    getToken: () => request(`${url}/users/getToken`, 'POST', KEYS[side]),
  };
  return calls;
}

/** Starts the peer on our port with its webhooks to the sink (its executable has both fixed). */
function peerLauncher(dir: string): string {
  const launcher = path.join(dir, 'launch-peer.cjs');
  writeFileSync(
    launcher,
    `const dir = process.env.PEER_DIR;
const { FakeIamportConfiguration } = require(dir + '/lib/FakeIamportConfiguration');
const { FakeIamportBackend } = require(dir + '/lib/FakeIamportBackend');
FakeIamportConfiguration.API_PORT = Number(process.env.PEER_PORT);
FakeIamportConfiguration.WEBHOOK_URL = process.env.PEER_WEBHOOK_URL;
new FakeIamportBackend().open();
`,
  );
  return launcher;
}

const scratch = mkdtempSync(path.join(tmpdir(), 'emulator-peer-'));
const sink = await noticeSink(PORT + 2);
const servers = {
  emulator: {
    url: `http://127.0.0.1:${PORT}`,
    process: start(process.execPath, ['--import', 'tsx', 'emulator/main.ts'], {
      EMULATOR_PORT: String(PORT),
      // V2's listener on a free port: the one after V1's may be another server's.
      EMULATOR_V2_PORT: '0',
      EMULATOR_DATA_DIR: ':memory:',
      EMULATOR_CALLBACK_URL: sink.url,
    }),
  },
  peer: {
    url: `http://127.0.0.1:${PORT + 1}`,
    process: start(
      process.execPath,
      [peerLauncher(scratch)],
      { PEER_DIR: path.resolve(PEER_DIR), PEER_PORT: String(PORT + 1), PEER_WEBHOOK_URL: sink.url },
      ROOT,
    ),
  },
};
let failed = false;
try {
  await waitFor(`${servers.emulator.url}/__emulator/api/health`, servers.emulator.process);
  await waitForPort(PORT + 1, servers.peer.process);
  const clients = {
    emulator: await prepare(servers.emulator.url, 'emulator'),
    peer: await prepare(servers.peer.url, 'peer'),
  };
  console.log(
    `emulator against fake-iamport-server, ${OPS} requests per operation (charges ${OPS / 3}); load ${load()}`,
  );
  const rows: string[][] = [['', 'emulator', 'fake-iamport-server', 'efficiency (peer ÷ emulator CPU)']];
  for (const op of ['read', 'charge', 'getToken'] as const) {
    const total = op === 'charge' ? Math.round(OPS / 3) : OPS;
    const per = Math.ceil(total / ROUNDS);
    const cpu = { emulator: 0, peer: 0 };
    const wall = { emulator: 0, peer: 0 };
    const before = load();
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of (round % 2 === 0 ? ['emulator', 'peer'] : ['peer', 'emulator']) as Side[]) {
        const pid = servers[side].process.pid;
        const used = cpuSeconds(pid);
        const result = await drive(per, CONCURRENCY, async (i) => {
          const answer = await clients[side][op](round * per + i);
          if (!ok(answer)) throw new Error(`${side} ${op} ${i}: ${answer.status}`);
        });
        cpu[side] += cpuSeconds(pid) - used;
        wall[side] += result.wall;
      }
    }
    const us = (side: Side) => (cpu[side] / (per * ROUNDS)) * 1e6;
    const ratio = us('peer') / us('emulator');
    if (ratio < TARGET) failed = true;
    const rate = (side: Side) => `${((per * ROUNDS) / wall[side]).toFixed(0)}/s`;
    rows.push([
      `${op}, CPU µs per request`,
      `${us('emulator').toFixed(0)} (${rate('emulator')})`,
      `${us('peer').toFixed(0)} (${rate('peer')})`,
      `${ratio.toFixed(2)}× ${ratio >= TARGET ? '✔' : '✘'} ≥ ${TARGET}; load ${before} → ${load()}`,
    ]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  console.log(rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n'));
} finally {
  agent.destroy();
  for (const server of Object.values(servers)) stop(server.process);
  await Promise.all(Object.values(servers).map((server) => exited(server.process)));
  await sink.close();
  stopAll();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
