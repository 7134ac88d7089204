// Issue 23.1: a cancel-now refund whose answer is lost after an operator had refunded part of the
// same charge. The operator's refund is on the payment before ours; an unknown outcome is resolved
// from the service's cancel_history against what was recorded before asking — never from our own
// totals, which the operator's refund had already moved.
import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { mailOutbox, subscriptionCharges } from '@/lib/db/schema';
import { addOperator, type Operator } from '@/lib/ops/operators';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { refundPayment } from '@/lib/refunds/operator-refund';
import { Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';
import { withOutcomeHidden } from '@/test/lossy-client';

const MINUTE = 60;

const app = setupSubscriptionTest();
let operator: Operator;

beforeAll(async () => {
  operator = (await addOperator(`refunder-${crypto.randomUUID().slice(0, 8)}@shop.example`, 'refunder')).operator;
});

/** A service subscription (the demo plan, 1,000원 an hour) with 100원 of its charge refunded by an operator, 20 minutes later. */
async function partlyRefunded() {
  const subscriber = await Subscriber.withCard();
  const subscription = await subscriber.subscribe('hourly-demo');
  const [charge] = await app
    .db()
    .select()
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscription.id), eq(subscriptionCharges.kind, 'first')));
  const impUid = charge?.impUid ?? '';
  await refundPayment(operator, charge?.merchantUid ?? '', {
    amount: 100,
    refundable: 1_000,
    reason: 'customer_request',
    note: '',
  });
  await app.emulator().advanceClock(20 * MINUTE);
  return { subscriber, subscription, impUid };
}

const paymentOf = (impUid: string) => app.client().payments.get({ imp_uid: impUid });
const refundedOf = async (response: Response) => ((await response.json()) as { refunded: number }).refunded;

it('the refund is lost (never reached the service): asked again, it is made once, for the quote', async () => {
  const { subscriber, subscription, impUid } = await partlyRefunded();
  const quote = await subscriber.quoteCancelNow(subscription.id);
  expect(quote.paid).toBe(900);
  await app.emulator().injectFault({ method: 'POST', path: '/payments/cancel', action: 'drop', count: 1 });
  const lost = await subscriber.cancelNow(subscription.id);
  expect(lost.status).toBe(503);
  const again = await subscriber.cancelNow(subscription.id);
  expect(again.status).toBe(200);
  const refunded = await refundedOf(again);
  expect(refunded).toBeGreaterThanOrEqual(quote.refund - 1);
  const payment = await paymentOf(impUid);
  expect(payment.cancel_history.map((entry) => entry.amount)).toEqual([100, refunded]);
  expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
  // Each refund is mailed once: the operator's and the cancel-now's.
  const mails = await app.db().select().from(mailOutbox).where(eq(mailOutbox.subject, impUid));
  expect(mails.map((mail) => mail.payload.amount).sort()).toEqual([100, refunded].sort());
});

it('the refund is lost and the customer never asks again: reconciliation makes it, once', async () => {
  const { subscriber, subscription, impUid } = await partlyRefunded();
  await app.emulator().injectFault({ method: 'POST', path: '/payments/cancel', action: 'drop', count: 1 });
  expect((await subscriber.cancelNow(subscription.id)).status).toBe(503);
  await reconcile();
  const payment = await paymentOf(impUid);
  expect(payment.cancel_history).toHaveLength(2);
  expect(payment.cancel_history[1]?.amount).toBeGreaterThan(550);
  const ended = await subscriber.get(subscription.id);
  expect(ended).toMatchObject({ status: 'cancelled', hasAccess: false });
  expect(ended.charges.find((c) => c.kind === 'first')?.refundedAmount).toBe(payment.cancel_amount);
});

it('the refund was made but neither its answer nor the record could be read: recorded when asked again, never made twice', async () => {
  const { subscriber, subscription, impUid } = await partlyRefunded();
  const lost = await withOutcomeHidden(app, 'POST /payments/cancel', 10, () => subscriber.cancelNow(subscription.id));
  expect(lost.status).toBe(503);
  const landed = (await paymentOf(impUid)).cancel_history;
  expect(landed).toHaveLength(2);
  const again = await subscriber.cancelNow(subscription.id);
  expect(again.status).toBe(200);
  expect(await refundedOf(again)).toBe(landed[1]?.amount);
  expect((await paymentOf(impUid)).cancel_history).toHaveLength(2);
  const ended = await subscriber.get(subscription.id);
  expect(ended).toMatchObject({ status: 'cancelled', hasAccess: false });
  expect(ended.charges.find((c) => c.kind === 'first')?.refundedAmount).toBe(100 + (landed[1]?.amount ?? 0));
});
