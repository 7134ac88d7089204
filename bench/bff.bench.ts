// The app's own server under load (issue 18): the production build (`next start`) against the
// emulator, 20 customers with a saved card, 10 requests in flight.
// 1. One-click purchases (POST /api/orders/buy-now, each also notified by webhook): purchases/s,
//    p50, p99; targets PGlite ≥ 100/s with p99 ≤ 200 ms, PostgreSQL ≥ 150/s with p99 ≤ 150 ms.
//    The emulator must then hold exactly one payment per order.
// 2. GET /api/orders answering 50-order lists: requests/s; targets PGlite ≥ 300/s, PostgreSQL ≥ 600/s.
// PostgreSQL runs when 127.0.0.1:5432 answers (BENCH_POSTGRES_URL, default as the tests').
// PGlite runs as its own process (the embedded database server, as `npm run dev` starts it); its CPU
// is reported apart from the app's. Ports: app 3151/3152, emulator 4151/4152, database 5151.
// BENCH_PURCHASES (default 1,000) and BENCH_LISTS (1,000).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type Browser, signUpCustomer } from '@/test/http-customer';

const ROOT = path.join(import.meta.dirname, '..');
const CUSTOMERS = 20;
const CONCURRENCY = 10;
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 1000);
const LISTS = Number(process.env.BENCH_LISTS ?? 1000);
const PG_URL = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const bin = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

let failed = false;
function report(name: string, value: number, target: number, unit: string, atLeast: boolean) {
  const ok = atLeast ? value >= target : value <= target;
  if (!ok) failed = true;
  console.log(
    `${ok ? '✔' : '✘'} ${name}: ${value.toFixed(value < 10 ? 1 : 0)} ${unit} (target ${atLeast ? '≥' : '≤'} ${target})`,
  );
}

const children: ChildProcess[] = [];
function start(command: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // its own process group: `next start` has workers
  });
  children.push(child);
  return child;
}
function stop(child: ChildProcess) {
  if (child.exitCode === null && child.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
}

/** CPU seconds used so far by a process and its descendants (Linux /proc; 0 elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const tick = 100; // USER_HZ
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    let total = (Number(fields[11]) + Number(fields[12])) / tick;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    for (const child of children) total += cpuSeconds(Number(child));
    return total;
  } catch {
    return 0;
  }
}

/** Waits until the server accepts connections on the port (the database server). */
async function waitForPort(port: number, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`port ${port}: the server exited (${child.exitCode})`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: '127.0.0.1', port });
      socket.once('connect', () => resolve(socket.end() && true));
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function waitFor(url: string, child: ChildProcess) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs `total` calls, `CONCURRENCY` at a time; answers each call's milliseconds and the wall time. */
async function drive(total: number, call: (i: number) => Promise<void>) {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next++;
        const t = performance.now();
        await call(i);
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { perSecond: total / wall, p50: at(0.5), p99: at(0.99), wall };
}

const TARGETS = {
  pglite: { purchases: 100, p99: 200, lists: 300 },
  postgres: { purchases: 150, p99: 150, lists: 600 },
};

async function run(engine: 'pglite' | 'postgres', offset: number) {
  const appPort = 3151 + offset;
  const emulatorPort = 4151 + offset;
  const app = `http://127.0.0.1:${appPort}`;
  const emulator = `http://127.0.0.1:${emulatorPort}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bff-bench-'));
  let database: string | undefined;
  const env: Record<string, string> = {
    IMP_API_URL: emulator,
    APP_DATA_DIR: dataDir,
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    // The receipts go out from another process (`npm run jobs`, measured by `npm run bench -- mail`):
    // with no mail server here, an app's own worker would spend its CPU retrying them.
    MAIL_WORKER: 'off',
    IDENTITY_HASH_KEY: 'bench-identity-key-0123456789abcdef',
  };
  if (engine === 'postgres') {
    database = `imp_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database "${database}"`);
    await admin.end();
    const url = new URL(PG_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
  }
  const dbProcess =
    engine === 'pglite'
      ? start(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db-server.ts'], {
          APP_DATA_DIR: dataDir,
          DB_PORT: String(5151 + offset),
        })
      : undefined;
  const dbCpu = () => (dbProcess ? cpuSeconds(dbProcess.pid ?? 0) : 0);
  const emulatorProcess = start(process.execPath, ['--import', 'tsx', 'emulator/main.ts'], {
    EMULATOR_PORT: String(emulatorPort),
    EMULATOR_DATA_DIR: ':memory:',
    EMULATOR_CALLBACK_URL: `${app}/api/webhooks/iamport`,
  });
  // BENCH_PROFILE_DIR: the app writes a CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_PROFILE_DIR;
  const appProcess = start(
    process.execPath,
    [
      ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
      path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next'),
      ...['start', '-p', String(appPort), '-H', '127.0.0.1'],
    ],
    env,
  );
  try {
    if (dbProcess) await waitForPort(5151 + offset, dbProcess);
    await waitFor(`${emulator}/__emulator/api/health`, emulatorProcess);
    await waitFor(`${app}/api/health`, appProcess);
    const customers: Browser[] = [];
    for (let n = 0; n < CUSTOMERS; n++) customers.push((await signUpCustomer(app, emulator, n)).browser);
    // Orders per customer: a count of purchases that is not a multiple of CUSTOMERS leaves them uneven.
    const bought = new Array<number>(CUSTOMERS).fill(0);
    const buy = async (i: number) => {
      const shopper = customers[i % CUSTOMERS];
      const { status, json } = await (shopper as Browser).request<{ order: { status: string } }>(
        'POST',
        '/api/orders/buy-now',
        { productId: 'drip-bag-20', idempotencyKey: `bench-${engine}-${i}-${Date.now()}` },
      );
      if (status !== 201 || json.order.status !== 'paid') throw new Error(`purchase ${i}: ${status}`);
      bought[i % CUSTOMERS] = (bought[i % CUSTOMERS] ?? 0) + 1;
    };
    // Warm-up (routes compiled into memory, connections, the service token): one purchase each.
    for (let n = 0; n < CUSTOMERS; n++) await buy(n);
    console.log(`\n${engine}: load average before: ${load()}`);
    let cpu = cpuSeconds(appProcess.pid ?? 0);
    const emulatorCpu = cpuSeconds(emulatorProcess.pid ?? 0);
    let databaseCpu = dbCpu();
    const purchases = await drive(PURCHASES, (i) => buy(i + CUSTOMERS));
    const purchaseCpu = cpuSeconds(appProcess.pid ?? 0) - cpu;
    const chargeCpu = cpuSeconds(emulatorProcess.pid ?? 0) - emulatorCpu;
    const purchaseDbCpu = dbCpu() - databaseCpu;
    const target = TARGETS[engine];
    report(`${engine}: one-click purchases`, purchases.perSecond, target.purchases, '/s', true);
    console.log(
      `  p50 ${purchases.p50.toFixed(0)} ms; app CPU ${((purchaseCpu / PURCHASES) * 1000).toFixed(1)} ms per purchase, emulator CPU ${((chargeCpu / PURCHASES) * 1000).toFixed(1)} ms${dbProcess ? `, database server CPU ${((purchaseDbCpu / PURCHASES) * 1000).toFixed(1)} ms` : ''}`,
    );
    report(`${engine}: purchase p99`, purchases.p99, target.p99, 'ms', false);

    // Every order is paid by exactly one payment (the notices have all arrived and changed nothing).
    const state = (await (await fetch(`${emulator}/__emulator/api/state`)).json()) as { payments: number };
    const orders = PURCHASES + CUSTOMERS;
    if (state.payments !== orders)
      throw new Error(`the emulator holds ${state.payments} payments for ${orders} orders`);

    const listed = Math.min(50, Math.max(...bought));
    cpu = cpuSeconds(appProcess.pid ?? 0);
    databaseCpu = dbCpu();
    const lists = await drive(LISTS, async (i) => {
      const { status, json } = await (customers[i % CUSTOMERS] as Browser).request<{ orders: unknown[] }>(
        'GET',
        '/api/orders',
      );
      if (status !== 200 || json.orders.length !== Math.min(50, bought[i % CUSTOMERS] ?? 0))
        throw new Error(`list ${i}: ${status}, ${json.orders?.length}`);
    });
    const listCpu = cpuSeconds(appProcess.pid ?? 0) - cpu;
    const listDbCpu = dbCpu() - databaseCpu;
    report(`${engine}: GET /api/orders (${listed}-order lists)`, lists.perSecond, target.lists, 'req/s', true);
    console.log(
      `  p50 ${lists.p50.toFixed(0)} ms, p99 ${lists.p99.toFixed(0)} ms; app CPU ${((listCpu / LISTS) * 1000).toFixed(1)} ms per list${dbProcess ? `, database server CPU ${((listDbCpu / LISTS) * 1000).toFixed(1)} ms` : ''}`,
    );
    console.log(`${engine}: load average after: ${load()}`);
  } finally {
    // The app and the emulator first, then the database (the app closes its connections before
    // the server goes), each awaited at most 10 s.
    const exited = (child: ChildProcess | undefined) =>
      child?.exitCode === null &&
      new Promise((resolve) => {
        child.once('exit', resolve);
        setTimeout(resolve, 10_000).unref();
      });
    stop(appProcess);
    stop(emulatorProcess);
    await Promise.all([exited(appProcess), exited(emulatorProcess)]);
    if (dbProcess) stop(dbProcess);
    await exited(dbProcess);
    rmSync(dataDir, { recursive: true, force: true });
    if (database) {
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`drop database if exists "${database}" with (force)`);
      await admin.end();
    }
  }
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

try {
  if (!existsSync(path.join(ROOT, '.next', 'BUILD_ID'))) {
    console.log('no production build: running next build');
    if (spawnSync(bin('next'), ['build'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);
  }
  const only = process.env.BENCH_ENGINE;
  if (only !== 'postgres') await run('pglite', 0);
  if (only !== 'pglite') {
    if (await postgresReachable()) await run('postgres', 1);
    else console.log(`PostgreSQL not reachable at ${PG_URL}: skipped`);
  }
} finally {
  for (const child of children) stop(child);
}
process.exit(failed ? 1 : 0);
