// Crash safety (issue 22) on the embedded default: kill -9 the database server while purchases are
// in flight. The app answers each purchase 2xx or 503 database_unavailable — never a 500, never a
// hang — `npm run dev`'s runner starts the server again, every order answered 2xx is there after,
// and reconciliation finishes the ones that were in flight.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { type Browser, signUpCustomer } from '@/test/http-customer';
import { npmRun, temporaryDirectory, waitFor } from './processes';
import { type Shop, startShop } from './shop';

let shop: Shop | undefined;
afterAll(async () => {
  await shop?.stop();
});

interface Answer {
  key: string;
  status: number;
  code?: string;
  merchantUid?: string;
}

async function buy(browser: Browser, key: string): Promise<Answer> {
  // A purchase that hangs fails the test here (the bound is far above any answer's time).
  const request = browser.request<{ order?: { merchantUid: string }; error?: { code: string } }>(
    'POST',
    '/api/orders/buy-now',
    { productId: 'drip-bag-20', idempotencyKey: key },
  );
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error(`purchase ${key} did not answer within 60 s`)), 60_000).unref(),
  );
  const { status, json } = await Promise.race([request, timeout]);
  return { key, status, code: json.error?.code, merchantUid: json.order?.merchantUid };
}

it('kill -9 of the database server mid-purchase: 2xx or 503, restarted, nothing answered 2xx lost', async () => {
  shop = await startShop({ dataDir: temporaryDirectory() });
  const running = shop;
  const customers = await Promise.all([1, 2, 3].map((n) => signUpCustomer(running.app, running.emulator, n)));
  const serverPid = () =>
    (JSON.parse(readFileSync(path.join(running.dataDir, 'pglite-server.json'), 'utf8')) as { pid: number }).pid;
  const firstPid = serverPid();

  const results: Answer[] = [];
  let done = false;
  // Three customers buy one after another each until told to stop.
  const buying = Promise.all(
    customers.map(async ({ browser }, c) => {
      for (let i = 0; !done; i += 1) {
        const answer = await buy(browser, `crash-test-purchase-${c}-${i}`);
        results.push(answer);
        if (answer.status === 503) await new Promise((resolve) => setTimeout(resolve, 200)); // a client's back-off
      }
    }),
  );
  const succeeded = (from: number) => results.slice(from).filter((r) => r.status < 300).length;
  try {
    await waitFor('a few purchases', () => succeeded(0) >= 4);
    process.kill(firstPid, 'SIGKILL');
    const killedAt = results.length;
    await waitFor('a purchase refused while the database is down', () =>
      results.slice(killedAt).some((r) => r.status === 503),
    );
    await waitFor('the database server started again', () => serverPid() !== firstPid);
    const backAt = results.length;
    await waitFor('purchases going through again', () => succeeded(backAt) >= 5);
  } finally {
    done = true;
    await buying;
  }

  for (const answer of results) {
    expect([200, 201, 503], JSON.stringify(answer)).toContain(answer.status);
    if (answer.status === 503) expect(answer.code).toBe('database_unavailable');
  }

  // Reconciliation settles what was in flight: every payment the service holds is applied to its
  // order (a pending order it holds nothing for may stay pending until a charge can no longer arrive).
  const reconciled = await npmRun('reconcile', [], running.commandEnv);
  expect(reconciled.status, reconciled.output).toBe(0);
  const paid = new Set<string>();
  for (const { browser } of customers) {
    const { json } = await browser.request<{ orders: { merchantUid: string; status: string }[] }>('GET', '/api/orders');
    for (const order of json.orders) {
      expect(['paid', 'failed', 'pending'], JSON.stringify(order)).toContain(order.status);
      if (order.status === 'paid') paid.add(order.merchantUid);
    }
  }
  for (const answer of results.filter((r) => r.status < 300)) expect(paid).toContain(answer.merchantUid);
  const state = (await (await fetch(`${running.emulator}/__emulator/api/state`)).json()) as { payments: number };
  expect(state.payments).toBe(paid.size);
});
