// Issue 31.2: ten operators refunding one payment at once, each naming the balance they saw. One
// refund is made; the nine others answer 409 with the balance now and change nothing; an answer of
// 200 is only ever given for the refund the service's record shows as that request's own.
import { beforeAll, expect, it } from 'vitest';
import { POST as refundRoute } from '@/app/api/ops/payments/[merchantUid]/refunds/route';
import { GET as detailRoute } from '@/app/api/ops/payments/[merchantUid]/route';
import { createIamportClient } from '@/lib/iamport';
import type { PaymentDetail } from '@/lib/ops/client/payments';
import { setupAppTest } from '@/test/app-harness';
import { auditOf, callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { withOverride } from '@/test/kits/overrides';

const app = setupAppTest();
const operators: SignedInOperator[] = [];

beforeAll(async () => {
  for (let i = 0; i < 10; i++) operators.push(await signedInOperator('refunder'));
});

const refund = (who: SignedInOperator, merchantUid: string, body: Record<string, unknown>) =>
  callOps(refundRoute, `/api/ops/payments/${merchantUid}/refunds`, {
    method: 'POST',
    cookie: who.cookie,
    params: { merchantUid },
    body: { reason: 'customer_request', note: '', ...body },
  });

it('ten partial refunds naming one balance at once: one made, nine 409s, the console equal to the service', async () => {
  const shopper = await Shopper.withCard();
  const order = await shopper.buyNow('house-blend-1kg');
  expect(order.amount).toBe(28_000);

  const answers = await Promise.all(
    operators.map((who) => refund(who, order.merchantUid, { amount: 15_000, refundable: 28_000 })),
  );
  const bodies = await Promise.all(answers.map(async (a) => ({ status: a.status, body: await a.json() })));
  const accepted = bodies.filter((b) => b.status === 200);
  expect(accepted).toHaveLength(1);
  expect(accepted[0]?.body).toMatchObject({ refunded: 15_000, refundable: 13_000 });
  const refused = bodies.filter((b) => b.status !== 200);
  expect(refused.map((b) => b.status)).toEqual(Array.from({ length: 9 }, () => 409));

  const detail = (await (
    await callOps(detailRoute, `/api/ops/payments/${order.merchantUid}`, {
      cookie: operators[0]?.cookie,
      params: { merchantUid: order.merchantUid },
    })
  ).json()) as PaymentDetail;
  const payment = (await app.emulator().payments()).find((p) => p.imp_uid === detail.record.impUid);
  expect(payment).toMatchObject({ cancel_amount: 15_000, cancel_history: [{ amount: 15_000 }] });
  expect(detail.record).toMatchObject({ refundedAmount: 15_000 });
  expect(detail.refundable).toBe(13_000);
  expect((await shopper.orders())[0]).toMatchObject({ status: 'paid', refundedAmount: 15_000 });
  const audit = await auditOf(order.merchantUid);
  expect(audit.filter((row) => row.action === 'payment.refund')).toHaveLength(1);
});

/**
 * The app's service client for `work`, holding back the answer to the next read of a payment (read
 * at the service when asked, handed over only once `release` is called): a request that read the
 * balance before another refund landed, and goes on after it.
 */
async function withReadHeld<T>(work: (read: Promise<void>, release: () => void) => Promise<T>): Promise<T> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let done = () => {};
  const read = new Promise<void>((resolve) => {
    done = resolve;
  });
  let held = false;
  const holding: typeof fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (held || (init?.method ?? 'GET') !== 'GET' || !url.pathname.startsWith('/payments/imp_'))
      return fetch(input, init);
    held = true;
    const answer = await fetch(input, init);
    done();
    await released;
    return answer;
  };
  return withOverride(
    'iamport',
    createIamportClient({
      baseUrl: app.emulator().url,
      key: 'test_key',
      secret: 'test_secret',
      fetch: holding,
      timeoutMs: 20_000,
    }),
    () => work(read, release),
  );
}

it('a refund that read the balance before another landed: 409 with the balance now, never the other’s 200', async () => {
  const [first, second] = operators;
  if (!first || !second) throw new Error('no operators');
  const shopper = await Shopper.withCard();
  const order = await shopper.buyNow('house-blend-1kg');
  const late = await withReadHeld(async (read, release) => {
    const pending = refund(second, order.merchantUid, { amount: 15_000, refundable: 28_000 });
    await read;
    // Another operator's refund of the same amount and reason is made while the first request waits.
    const made = await refund(first, order.merchantUid, { amount: 15_000, refundable: 28_000 });
    expect(made.status).toBe(200);
    release();
    return pending;
  });
  expect(late.status).toBe(409);
  expect((await late.json()).error).toMatchObject({
    code: 'refund_conflict',
    message: expect.stringContaining('13,000원'),
  });
  const payment = (await app.emulator().payments()).find((p) => p.merchant_uid === order.merchantUid);
  expect(payment).toMatchObject({ cancel_amount: 15_000, cancel_history: [{ amount: 15_000 }] });
  expect((await shopper.orders())[0]).toMatchObject({ refundedAmount: 15_000 });
  expect((await auditOf(order.merchantUid)).map((row) => row.action)).toEqual(['payment.refund']);
});
