// Emulator state at scale.
// 1. 20,000 payments (each refunded in three parts: many superseded lines) + 20,000 schedules:
//    start < 1,000 ms; "what is due" < 1 ms whatever is stored.
// 2. 100,000 payments made as a running emulator makes them (each with its notification delivered
//    to a receiver): restart ≤ 2 s and RSS after it ≤ 400 MiB (measured in a fresh process), and
//    ≤ 1 KB of journal per payment.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Emulator } from '../emulator/core/emulator';
import { cancelPayment } from '../emulator/core/service/cancel';
import { registerDueWork } from '../emulator/core/service/due-work';
import { bookSchedules, dueSchedules } from '../emulator/core/service/schedules';
import { payOnetime } from '../emulator/core/service/subscribe-payments';
import { defaultMerchant } from '../emulator/merchants';
import { startEmulator } from '../emulator/server';
import { cardFields } from '../test/emulator/kit';

const START = Date.UTC(2026, 0, 15, 3) / 1000;
const MERCHANT = 'imp00000000';
const MIB = 1024 * 1024;
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'emulator-bench-'));
  dirs.push(dir);
  return dir;
};
let failed = false;
function report(name: string, value: number, limit: number, unit: string, inclusive = false) {
  const ok = inclusive ? value <= limit : value < limit;
  if (!ok) failed = true;
  const shown = value.toFixed(value < 10 ? 2 : 0);
  console.log(`${ok ? '✔' : '✘'} ${name}: ${shown} ${unit} (target ${inclusive ? '≤' : '<'} ${limit} ${unit})`);
}

/** Opens the state as the server does: the store and clocks, then the service's work on each clock. */
function reopen(dir: string): Emulator {
  const core = new Emulator({ dataDir: dir });
  registerDueWork(core);
  return core;
}

function mixedState(dir: string) {
  const seed = new Emulator({ dataDir: dir, clock: { start: START, frozen: true } });
  for (let i = 0; i < 20_000; i++) {
    const { imp_uid } = payOnetime(seed, MERCHANT, {
      merchant_uid: `o${i}`,
      amount: 3000,
      name: '벤치',
      ...cardFields(),
    });
    for (let part = 0; part < 3; part++) cancelPayment(seed, MERCHANT, { imp_uid, amount: 1000 });
  }
  payOnetime(seed, MERCHANT, { merchant_uid: 'key', amount: 1000, customer_uid: 'bench', ...cardFields() });
  for (let i = 0; i < 20_000; i += 100) {
    const schedules = Array.from({ length: 100 }, (_, j) => ({
      merchant_uid: `s${i + j}`,
      schedule_at: START + 60 + (((i + j) * 7919) % 864_000), // scattered over ten days
      amount: 1000,
      name: '예약',
    }));
    bookSchedules(seed, MERCHANT, { customer_uid: 'bench', schedules });
  }
  seed.close();
  // CPU time beside the wall time: on a shared machine the wall time also counts waiting for a core.
  const cpu = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return `  CPU time: ${((used.user + used.system) / 1000).toFixed(2)} ms`;
  };
  let started = performance.now();
  let cpuStart = process.cpuUsage();
  reopen(dir).close();
  report('start with 20,000 payments refunded in parts + 20,000 schedules', performance.now() - started, 1000, 'ms');
  console.log(cpu(cpuStart));
  started = performance.now();
  cpuStart = process.cpuUsage();
  const again = reopen(dir);
  report('start again', performance.now() - started, 1000, 'ms');
  console.log(cpu(cpuStart));
  started = performance.now();
  cpuStart = process.cpuUsage();
  dueSchedules(again, 'imp00000000', START + 3600);
  report('due query', performance.now() - started, 1, 'ms');
  console.log(cpu(cpuStart));
  again.close();
}

async function manyPayments(dir: string, count: number) {
  const receiver = createServer((req, res) => req.resume().on('end', () => res.end('OK')));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const callback = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/iamport`;
  const running = await startEmulator({
    port: 0,
    dataDir: dir,
    clock: { start: START, frozen: true },
    merchants: [defaultMerchant(callback)],
  });
  const seeding = performance.now();
  for (let i = 0; i < count; i++) {
    payOnetime(running.core, MERCHANT, {
      merchant_uid: `order-${i}`,
      amount: 9900,
      name: '월 구독 상품',
      buyer_name: '홍길동',
      buyer_email: `buyer${i % 1000}@example.com`,
      ...cardFields(),
    });
    if (i % 1000 === 999) await running.core.advance(1); // the notifications of the last thousand are delivered
  }
  await running.core.advance(1);
  await running.close();
  receiver.close();
  const bytes = statSync(path.join(dir, 'journal.jsonl')).size;
  console.log(
    `seeded ${count.toLocaleString('en')} payments and their notifications in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  report('journal per payment, as written', bytes / count, 1024, 'bytes', true);
  for (const which of ['restart', 'restart again']) {
    const child = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', path.join(import.meta.dirname, 'emulator-restart.ts'), dir],
      { encoding: 'utf8' },
    );
    if (child.status !== 0) throw new Error(`restart failed: ${child.stderr}`);
    const { ms, cpuMs, rss, payments } = JSON.parse(child.stdout) as {
      ms: number;
      cpuMs: number;
      rss: number;
      payments: number;
    };
    if (payments !== count + 0) throw new Error(`restart found ${payments} payments, not ${count}`);
    report(`${which} with ${count.toLocaleString('en')} payments`, ms, 2000, 'ms', true);
    console.log(`  CPU time of that start: ${cpuMs.toFixed(0)} ms (all threads, garbage collection included)`);
    report(`RSS after ${which}`, rss / MIB, 400, 'MiB', true);
  }
  report(
    'journal per payment after compaction',
    statSync(path.join(dir, 'journal.jsonl')).size / count,
    1024,
    'bytes',
    true,
  );
}

try {
  console.log(
    `load average at start: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  mixedState(freshDir());
  await manyPayments(freshDir(), Number(process.env.BENCH_PAYMENTS ?? 100_000));
  console.log(
    `load average at end: ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
} finally {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
