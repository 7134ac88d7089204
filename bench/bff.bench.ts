// The app's own server under load (issues 18 and 35): the production build (`next start`) against
// the emulator, 20 customers with a saved card, 10 requests in flight, and beside it the floor
// (bench/floor.ts: the same statements and the same service call with node:http and `pg`, no Next,
// drizzle or zod) driven with the same requests, in the same run, against the same database and
// emulator. Each figure is the app's CPU per operation and its ratio to the floor's, so that it
// means the same at any load; the two are measured in alternated rounds (app, floor, floor, app…).
//   purchase: POST /api/orders/buy-now (a one-click purchase: session, card, order, the charge, its
//             settlement); its notice goes to a receiver of the benchmark, and is measured apart:
//   notice:   POST /api/webhooks/iamport with a notice of a purchase (as the emulator sends it,
//             JSON over a kept-alive connection), the order already settled by the charge's answer;
//   list:     GET /api/orders answering a 50-order list.
// Targets (issue 35): purchase ≤ 5× the floor on the embedded database, ≤ 4× on PostgreSQL (the
// database server's CPU counted apart, itself ≤ 2× PostgreSQL's), list ≤ 3×, notice ≤ 3×. Wall figures (per second, p50,
// p99) and the load average are information. The emulator must hold exactly one payment per order.
// PostgreSQL runs when 127.0.0.1:5432 answers (BENCH_POSTGRES_URL, default as the tests'); its
// server CPU is that of the backends serving the benchmark's database (/proc, same machine).
//
// `--check` (CI-safe guard, about a minute per engine): purchases only; fails when a purchase's
// ratio to the floor exceeds 1.5× the ratio recorded in bench/bff-baseline.json (a ratio measured in
// one run, so the load of the machine cancels out). `--record-baseline` runs the same purchases and
// writes that file (on a quiet machine, after a change that moves the ratio on purpose). BENCH_PURCHASES, BENCH_LISTS, BENCH_NOTICES (default 1,000 each; 400
// purchases with --check), BENCH_ENGINE (pglite | postgres), BENCH_PROFILE_DIR (the app runs under
// node --cpu-prof and the phases' times are written beside its profile: bench/profile-top.ts),
// BENCH_RESULTS (a file: one JSON line per engine is appended). Ports: BENCH_APP_PORT (3151; the
// floor +10), BENCH_EMULATOR_PORT (4151; the notice receiver +10), BENCH_DB_PORT (5151); +1 for PostgreSQL.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Browser, signUpCustomer } from '@/test/http-customer';
import {
  cpuSeconds,
  type Driven,
  drive,
  exited,
  load,
  measured,
  monotonicMicros,
  noticeSink,
  ROOT,
  start,
  stop,
  stopAll,
  waitFor,
  waitForPort,
} from './processes';
import type { Phase } from './profile-top';

const args = process.argv.slice(2);
const RECORD = args.includes('--record-baseline');
const CHECK = args.includes('--check') && !RECORD;
/** The guard's run: purchases only. */
const QUICK = CHECK || RECORD;
const CUSTOMERS = 20;
const CONCURRENCY = 10;
const ROUNDS = 4;
const count = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const PURCHASES = count('BENCH_PURCHASES', QUICK ? 400 : 1000);
const LISTS = QUICK ? 0 : count('BENCH_LISTS', 1000);
const NOTICES = QUICK ? 0 : count('BENCH_NOTICES', 1000);
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORTS = {
  app: count('BENCH_APP_PORT', 3151),
  emulator: count('BENCH_EMULATOR_PORT', 4151),
  db: count('BENCH_DB_PORT', 5151),
};
const BASELINE_FILE = path.join(ROOT, 'bench', 'bff-baseline.json');
const PROFILE_DIR = process.env.BENCH_PROFILE_DIR;
const SESSION_SECRET = 'bench-session-secret-0123456789abcdef';
/** Ratio targets (issue 35). */
const TARGETS = {
  pglite: { purchase: 5, list: 3, notice: 3 },
  postgres: { purchase: 4, list: 3, notice: 3 },
};
/** The guard: a purchase's ratio may grow to this multiple of the recorded one. */
const GUARD = 1.5;

type Engine = 'pglite' | 'postgres';
type Op = 'purchase' | 'list' | 'notice';
type Side = 'app' | 'floor';

interface Figure {
  ops: number;
  /** CPU ms per operation: the server (app or floor), the database server, the emulator. */
  cpu: Record<Side, number>;
  db: Record<Side, number>;
  emulator: Record<Side, number>;
  wall: Record<Side, Pick<Driven, 'perSecond' | 'p50' | 'p99'>>;
  load: { before: string; after: string };
}

let failed = false;
/** The app's rounds, for bench/profile-top.ts. */
const phases: Phase[] = [];

/** The notice as the emulator sends it: JSON over a kept-alive connection (emulator/webhooks/send.ts). */
function postNotice(agent: http.Agent, url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json; charset=UTF-8',
          'user-agent': 'iamport-emulator-webhook/1.0',
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The backends of PostgreSQL serving `database` (the app's and the floor's pools): their CPU is the server's. */
async function postgresBackends(admin: pg.Client, database: string): Promise<number[]> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [database],
  );
  return rows.map((row) => row.pid);
}

async function run(engine: Engine, offset: number): Promise<Record<string, Figure>> {
  const port = { app: PORTS.app + offset, emulator: PORTS.emulator + offset, db: PORTS.db + offset };
  const origin = { app: `http://127.0.0.1:${port.app}`, floor: `http://127.0.0.1:${port.app + 10}` };
  const emulator = `http://127.0.0.1:${port.emulator}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bff-bench-'));
  const sink = await noticeSink(port.emulator + 10);
  let database: string | undefined;
  let admin: pg.Client | undefined;
  const env: Record<string, string> = {
    IMP_API_URL: emulator,
    APP_DATA_DIR: dataDir,
    SESSION_SECRET,
    // The receipts go out from another process (`npm run jobs`, measured by `npm run bench -- mail`):
    // with no mail server here, an app's own worker would spend its CPU retrying them.
    MAIL_WORKER: 'off',
    IDENTITY_HASH_KEY: 'bench-identity-key-0123456789abcdef',
  };
  if (engine === 'postgres') {
    database = `imp_bench_${Date.now()}`;
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  } else {
    env.DB_PORT = String(port.db);
  }
  const dbProcess =
    engine === 'pglite'
      ? start(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-server.ts'], {
          APP_DATA_DIR: dataDir,
          DB_PORT: String(port.db),
        })
      : undefined;
  // The notices of the purchases go to the benchmark's receiver: they are measured in a phase of their own.
  const emulatorProcess = start(process.execPath, ['--import', 'tsx', 'emulator/main.ts'], {
    EMULATOR_PORT: String(port.emulator),
    // V2's listener on a free port: the one after V1's may be another server's.
    EMULATOR_V2_PORT: '0',
    EMULATOR_DATA_DIR: ':memory:',
    EMULATOR_CALLBACK_URL: sink.url,
  });
  const appProcess = start(
    process.execPath,
    [
      ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.join(PROFILE_DIR, engine)}`] : []),
      path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'),
      ...['start', '-p', String(port.app), '-H', '127.0.0.1'],
    ],
    env,
  );
  let floorProcess: ReturnType<typeof start> | undefined;
  try {
    if (dbProcess) await waitForPort(port.db, dbProcess);
    await waitFor(`${emulator}/__emulator/api/health`, emulatorProcess);
    await waitFor(`${origin.app}/api/health`, appProcess);
    const customers: Browser[] = [];
    for (let n = 0; n < CUSTOMERS; n++) customers.push((await signUpCustomer(origin.app, emulator, n)).browser);
    // The floor reaches the same database (migrated by the app) with the same session secret, so
    // the same cookies sign the customers in there.
    floorProcess = start(process.execPath, ['--import', 'tsx', 'bench/floor.ts'], {
      FLOOR_PORT: String(port.app + 10),
      DATABASE_URL: env.DATABASE_URL ?? `postgres://postgres@127.0.0.1:${port.db}/postgres`,
      IMP_API_URL: emulator,
      SESSION_SECRET,
    });
    await waitFor(`${origin.floor}/api/health`, floorProcess);
    const shoppers = { app: customers, floor: customers.map((browser) => browser.at(origin.floor)) };
    const bought = { app: new Array<number>(CUSTOMERS).fill(0), floor: new Array<number>(CUSTOMERS).fill(0) };
    let key = 0;
    const buy = async (side: Side, i: number) => {
      const { status, json } = await (shoppers[side][i % CUSTOMERS] as Browser).request<{ order: { status: string } }>(
        'POST',
        '/api/orders/buy-now',
        { productId: 'drip-bag-20', idempotencyKey: `bench-${engine}-${side}-${key++}-${Date.now()}` },
      );
      if (status !== 201 || json.order.status !== 'paid') throw new Error(`${side} purchase ${i}: ${status}`);
      bought[side][i % CUSTOMERS] = (bought[side][i % CUSTOMERS] ?? 0) + 1;
    };
    // Warm-up (routes loaded, statements prepared, connections and the service token): a round each.
    for (const side of ['app', 'floor'] as const) for (let n = 0; n < 2 * CUSTOMERS; n++) await buy(side, n);

    const watched = (side: Side) => ({
      server: (side === 'app' ? appProcess : floorProcess)?.pid,
      db: dbProcess?.pid,
      emulator: emulatorProcess.pid,
    });
    /** `total` operations per side in ROUNDS alternated rounds; CPU per operation in ms. */
    const compare = async (op: Op, total: number, call: (side: Side, i: number) => Promise<void>): Promise<Figure> => {
      const cpu = { app: 0, floor: 0 };
      const db = { app: 0, floor: 0 };
      const emu = { app: 0, floor: 0 };
      const times = { app: [] as number[], floor: [] as number[] };
      const wall = { app: 0, floor: 0 };
      const before = load();
      const per = Math.ceil(total / ROUNDS);
      for (let round = 0; round < ROUNDS; round++) {
        const order: Side[] = round % 2 === 0 ? ['app', 'floor'] : ['floor', 'app'];
        for (const side of order) {
          // PostgreSQL's backends at the start, with their CPU so far; one that connects during the
          // round counts from zero (one that ends during it is lost: the pools keep theirs 10 s).
          const backends = new Map<number, number>();
          if (admin && database) {
            for (const pid of await postgresBackends(admin, database)) backends.set(pid, cpuSeconds(pid));
          }
          const from = monotonicMicros();
          const { result, cpu: used } = await measured(watched(side), () =>
            drive(per, CONCURRENCY, (i) => call(side, round * per + i)),
          );
          if (side === 'app') phases.push({ profile: engine, op, from, to: monotonicMicros() });
          cpu[side] += used.server;
          emu[side] += used.emulator;
          if (admin && database) {
            for (const pid of await postgresBackends(admin, database))
              db[side] += cpuSeconds(pid) - (backends.get(pid) ?? 0);
          } else db[side] += used.db;
          times[side].push(...result.times);
          wall[side] += result.wall;
        }
      }
      const ops = per * ROUNDS;
      const ms = (seconds: number) => (seconds / ops) * 1000;
      const rate = (side: Side) => {
        const sorted = times[side].sort((a, b) => a - b);
        const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
        return { perSecond: ops / wall[side], p50: at(0.5), p99: at(0.99) };
      };
      return {
        ops,
        cpu: { app: ms(cpu.app), floor: ms(cpu.floor) },
        db: { app: ms(db.app), floor: ms(db.floor) },
        emulator: { app: ms(emu.app), floor: ms(emu.floor) },
        wall: { app: rate('app'), floor: rate('floor') },
        load: { before, after: load() },
      };
    };

    const figures: Record<string, Figure> = {};
    console.log(`\n${engine}: load average ${load()}`);
    figures.purchase = await compare('purchase', PURCHASES, buy);

    // Every order is paid by exactly one payment.
    const orders = bought.app.reduce((a, b) => a + b, 0) + bought.floor.reduce((a, b) => a + b, 0);
    const state = (await (await fetch(`${emulator}/__emulator/api/state`)).json()) as { payments: number };
    if (state.payments !== orders)
      throw new Error(`the emulator holds ${state.payments} payments for ${orders} orders`);

    if (NOTICES > 0) {
      // Every purchase's notice has reached the receiver (the emulator sends them as it charges).
      for (let waited = 0; sink.bodies.length < orders && waited < 100; waited++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const notices = sink.bodies.filter((body) => body.includes('"status":"paid"'));
      const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      figures.notice = await compare('notice', NOTICES, async (side, i) => {
        const status = await postNotice(
          agent,
          `${origin[side]}/api/webhooks/iamport`,
          notices[i % notices.length] as string,
        );
        if (status !== 200) throw new Error(`${side} notice ${i}: ${status}`);
      });
      agent.destroy();
    }

    if (LISTS > 0) {
      // The same customers' lists on both sides: the orders of both are in the one database.
      const listed = bought.app.map((n, i) => Math.min(50, n + (bought.floor[i] ?? 0)));
      figures.list = await compare('list', LISTS, async (side, i) => {
        const { status, json } = await (shoppers[side][i % CUSTOMERS] as Browser).request<{ orders: unknown[] }>(
          'GET',
          '/api/orders',
        );
        if (status !== 200 || json.orders.length !== listed[i % CUSTOMERS])
          throw new Error(`${side} list ${i}: ${status}, ${json.orders?.length}`);
      });
    }
    print(engine, figures);
    return figures;
  } finally {
    // The servers first, then the database (the app closes its connections before the server goes).
    stop(appProcess);
    stop(floorProcess);
    stop(emulatorProcess);
    await Promise.all([exited(appProcess), exited(floorProcess), exited(emulatorProcess)]);
    stop(dbProcess);
    await exited(dbProcess);
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (admin && database) {
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
  }
}

function print(engine: Engine, figures: Record<string, Figure>) {
  const rows: string[][] = [['', 'app', 'floor', 'ratio', 'target']];
  for (const [op, figure] of Object.entries(figures)) {
    const ratio = figure.cpu.app / figure.cpu.floor;
    const target = TARGETS[engine][op as Op];
    const ok = ratio <= target;
    if (!ok && !QUICK) failed = true;
    rows.push([
      `${op} (${figure.ops}), CPU ms`,
      figure.cpu.app.toFixed(2),
      figure.cpu.floor.toFixed(2),
      `${ratio.toFixed(2)}×`,
      `${ok ? '✔' : '✘'} ≤ ${target}×`,
    ]);
    rows.push([
      `  database server, CPU ms`,
      figure.db.app.toFixed(2),
      figure.db.floor.toFixed(2),
      `${(figure.db.app / figure.db.floor).toFixed(2)}×`,
      '',
    ]);
    rows.push(['  emulator, CPU ms', figure.emulator.app.toFixed(2), figure.emulator.floor.toFixed(2), '', '']);
    const wall = (side: Side) =>
      `${figure.wall[side].perSecond.toFixed(0)}/s p50 ${figure.wall[side].p50.toFixed(0)} p99 ${figure.wall[side].p99.toFixed(0)} ms`;
    rows.push(['  wall', wall('app'), wall('floor'), '', `load ${figure.load.before} → ${figure.load.after}`]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? '').length))) ?? [];
  console.log(rows.map((row) => row.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ')).join('\n'));
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** The guard: each engine's purchase ratio against the recorded one. */
function check(results: Partial<Record<Engine, Record<string, Figure>>>) {
  if (!existsSync(BASELINE_FILE)) {
    console.log(`✘ no baseline at ${path.relative(ROOT, BASELINE_FILE)}: record one with --record-baseline`);
    failed = true;
    return;
  }
  const baseline = JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as { purchase: Partial<Record<Engine, number>> };
  for (const [engine, figures] of Object.entries(results) as [Engine, Record<string, Figure>][]) {
    const recorded = baseline.purchase[engine];
    const purchase = figures.purchase;
    if (!recorded || !purchase) continue;
    const ratio = purchase.cpu.app / purchase.cpu.floor;
    const ok = ratio <= recorded * GUARD;
    if (!ok) failed = true;
    console.log(
      `${ok ? '✔' : '✘'} ${engine}: a purchase costs ${ratio.toFixed(2)}× the floor's CPU; recorded ${recorded.toFixed(2)}×, allowed up to ${(recorded * GUARD).toFixed(2)}×`,
    );
  }
}

try {
  if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    console.log('no production build: running next build');
    const next = path.join(ROOT, 'node_modules', '.bin', 'next');
    if (spawnSync(next, ['build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const only = process.env.BENCH_ENGINE;
  const results: Partial<Record<Engine, Record<string, Figure>>> = {};
  if (only !== 'postgres') results.pglite = await run('pglite', 0);
  if (only !== 'pglite') {
    if (await postgresReachable()) results.postgres = await run('postgres', 1);
    else console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`);
  }
  // The embedded server's own CPU against PostgreSQL's for the same statements (target ≤ 2×).
  const embedded = results.pglite?.purchase;
  const postgres = results.postgres?.purchase;
  if (embedded && postgres) {
    const ratio = (side: Side) => (embedded.db[side] / postgres.db[side]).toFixed(2);
    console.log(
      `\ndatabase server CPU per purchase, PGlite's against PostgreSQL's: app ${ratio('app')}×, floor ${ratio('floor')}× (target ≤ 2×)`,
    );
  }
  if (process.env.BENCH_RESULTS) {
    appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify({ at: new Date().toISOString(), results })}\n`);
  }
  if (PROFILE_DIR) {
    mkdirSync(PROFILE_DIR, { recursive: true });
    writeFileSync(path.join(PROFILE_DIR, 'phases.json'), JSON.stringify(phases, null, 1));
  }
  if (CHECK) check(results);
  if (RECORD) {
    const purchase = Object.fromEntries(
      Object.entries(results).map(([engine, figures]) => [
        engine,
        Number((figures.purchase ? figures.purchase.cpu.app / figures.purchase.cpu.floor : 0).toFixed(2)),
      ]),
    );
    writeFileSync(
      BASELINE_FILE,
      `${JSON.stringify({ recorded: new Date().toISOString().slice(0, 10), load: load(), purchase }, null, 2)}\n`,
    );
    console.log(`recorded ${path.relative(ROOT, BASELINE_FILE)}: ${JSON.stringify(purchase)}`);
  }
} finally {
  stopAll();
}
process.exit(failed ? 1 : 0);
