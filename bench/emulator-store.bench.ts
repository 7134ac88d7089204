// Emulator state at scale: start-up (journal replay + compaction) must stay well under a second,
// and "what is due" must not depend on how many schedules are stored.
// Target: start < 1000 ms with 20,000 payments (each refunded in three parts: many superseded
// journal lines, which running compaction keeps bounded) + 20,000 schedules; due query < 1 ms.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { cancelPayment } from '../emulator/core/cancel';
import { Emulator } from '../emulator/core/emulator';
import { bookSchedules, dueSchedules } from '../emulator/core/schedules';
import { payOnetime } from '../emulator/core/subscribe-payments';
import { cardFields } from '../emulator/testing';

const PAYMENTS = 20_000;
const SCHEDULES = 20_000;
const START = Date.UTC(2026, 0, 15, 3) / 1000;
const dir = mkdtempSync(path.join(tmpdir(), 'emulator-bench-'));
let failed = false;
const report = (name: string, ms: number, limit: number) => {
  const ok = ms < limit;
  if (!ok) failed = true;
  console.log(`${ok ? '✔' : '✘'} ${name}: ${ms.toFixed(2)} ms (target < ${limit} ms)`);
};

try {
  const seed = new Emulator({ dataDir: dir, clock: { start: START, frozen: true } });
  const merchant = 'imp00000000';
  for (let i = 0; i < PAYMENTS; i++) {
    const { imp_uid } = payOnetime(seed, merchant, {
      merchant_uid: `o${i}`,
      amount: 3000,
      name: '벤치',
      ...cardFields(),
    });
    for (let part = 0; part < 3; part++) cancelPayment(seed, merchant, { imp_uid, amount: 1000 });
  }
  payOnetime(seed, merchant, { merchant_uid: 'key', amount: 1000, customer_uid: 'bench', ...cardFields() });
  for (let i = 0; i < SCHEDULES; i += 100) {
    const schedules = Array.from({ length: 100 }, (_, j) => ({
      merchant_uid: `s${i + j}`,
      schedule_at: START + 60 + (((i + j) * 7919) % 864_000), // scattered over ten days
      amount: 1000,
      name: '예약',
    }));
    bookSchedules(seed, merchant, { customer_uid: 'bench', schedules });
  }
  seed.close();
  const size = statSync(path.join(dir, 'journal.jsonl')).size;
  console.log(`journal: ${(size / 1e6).toFixed(1)} MB, ${PAYMENTS} payments, ${SCHEDULES} schedules`);

  let started = performance.now();
  const core = new Emulator({ dataDir: dir });
  report('start (replay, compacting when due)', performance.now() - started, 1000);
  core.close();

  started = performance.now();
  const again = new Emulator({ dataDir: dir });
  report('start again', performance.now() - started, 1000);

  started = performance.now();
  const due = dueSchedules(again, START + 3600);
  report(`due query (${due.length} due of ${SCHEDULES})`, performance.now() - started, 1);
  again.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
