// Issue 31.1: cancel-now tapped ten times at once. The decision is taken once per subscription —
// the subscription ends in the transaction that writes the refund's promise — so the service makes
// one refund, the quote's, and every answer names that one refund; none refunds the rest again.
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { refunds, subscriptionCharges } from '@/lib/db/schema';
import { Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const firstPaymentOf = async (subscriptionId: string) => {
  const [first] = await app
    .db()
    .select()
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.kind, 'first')));
  return { charge: first, payment: await app.client().payments.get({ imp_uid: first?.impUid ?? '' }) };
};

it('ten cancel-nows of the hourly plan 20 minutes in: one refund of the quote, every answer names it', async () => {
  const subscriber = await Subscriber.withCard();
  const subscription = await subscriber.subscribe('hourly-demo');
  await app.emulator().advanceClock(20 * 60);
  const quote = await subscriber.quoteCancelNow(subscription.id);
  expect(quote.refund).toBeGreaterThanOrEqual(664);

  const answers = await Promise.all(Array.from({ length: 10 }, () => subscriber.cancelNow(subscription.id)));
  const bodies = await Promise.all(answers.map(async (a) => ({ status: a.status, body: await a.json() })));

  const { charge, payment } = await firstPaymentOf(subscription.id);
  expect(payment.cancel_history).toHaveLength(1);
  const made = payment.cancel_amount;
  // The quote was read a moment before; the app's estimate of the service clock may run a second on.
  expect(made).toBeLessThanOrEqual(quote.refund);
  expect(made).toBeGreaterThanOrEqual(quote.refund - 2);
  expect(bodies.map((b) => [b.status, b.body.refunded])).toEqual(Array.from({ length: 10 }, () => [200, made]));
  expect(charge).toMatchObject({ status: 'paid', refundedAmount: made });
  const promised = await app
    .db()
    .select()
    .from(refunds)
    .where(eq(refunds.merchantUid, charge?.merchantUid ?? ''));
  expect(promised.map((r) => [r.status, r.amount])).toEqual([['made', made]]);
  expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
});
