// The scheduler at scale: 10,000 schedules fall due in one clock advance; the advance answers once
// every charge is made and every webhook has reached a local receiver. Measured over real HTTP
// (POST /__emulator/api/clock/advance), with 50,000 more schedules stored beyond the advance, which
// must not slow it down (the cost follows what is due).
//   spread: due over 30 days, one at a time (the clock steps to each and waits for each webhook)
//   burst:  all due at the same second (charges and webhooks in one batch, sent concurrently)
// Target: each advance < 10,000 ms.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { bookSchedules } from '../emulator/core/service/schedules';
import { payOnetime } from '../emulator/core/service/subscribe-payments';
import { defaultMerchant } from '../emulator/merchants';
import { startEmulator } from '../emulator/server';
import { cardFields } from '../test/emulator/kit';

const DUE = 10_000;
const STORED_BEYOND = 50_000;
const DAY = 24 * 3600;
const START = Date.UTC(2026, 0, 15, 3) / 1000;
const LIMIT_MS = 10_000;
let failed = false;

async function receiver() {
  let count = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      if (body.includes('"merchant_uid":"due')) count += 1; // not the billing key's own payment
      res.writeHead(200).end('OK');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    count: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function scenario(name: string, dueAt: (i: number) => number) {
  const hooks = await receiver();
  const emulator = await startEmulator({
    port: 0,
    clock: { start: START, frozen: true },
    merchants: [defaultMerchant(hooks.url)],
  });
  const { core } = emulator;
  const merchant = 'imp00000000';
  payOnetime(core, merchant, { merchant_uid: 'key', amount: 1000, customer_uid: 'bench', ...cardFields() });
  const book = (total: number, at: (i: number) => number, prefix: string) => {
    for (let i = 0; i < total; i += 100) {
      const schedules = Array.from({ length: Math.min(100, total - i) }, (_, j) => ({
        merchant_uid: `${prefix}${i + j}`,
        schedule_at: at(i + j),
        amount: 1000,
        name: '예약',
      }));
      bookSchedules(core, merchant, { customer_uid: 'bench', schedules });
    }
  };
  book(DUE, dueAt, 'due');
  book(STORED_BEYOND, (i) => START + 40 * DAY + i, 'later');

  const started = performance.now();
  const res = await fetch(`${emulator.url}/__emulator/api/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: 31 * DAY }),
  });
  await res.json();
  const ms = performance.now() - started;

  const received = hooks.count();
  const counts = core.store.counts();
  const ok = ms < LIMIT_MS && received === DUE && counts.pending_schedules === STORED_BEYOND;
  if (!ok) failed = true;
  console.log(
    `${ok ? '✔' : '✘'} ${name}: ${DUE} due of ${DUE + STORED_BEYOND} stored — ${ms.toFixed(0)} ms ` +
      `(${((DUE / ms) * 1000).toFixed(0)} schedules+webhooks/s; target < ${LIMIT_MS} ms); ` +
      `webhooks received: ${received}, still pending: ${counts.pending_schedules}`,
  );
  await emulator.close();
  await hooks.close();
}

await scenario('spread over 30 days', (i) => START + 60 + Math.floor((i * 30 * DAY) / DUE));
await scenario('burst at one second', () => START + 7 * DAY);
process.exit(failed ? 1 : 0);
