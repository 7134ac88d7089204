// Cancel now (issue 15.3; goods: issue 25.4). A service plan: the unused part of the paid period is refunded
// with a partial POST /payments/cancel (amount + checksum), the booking is revoked and access ends
// at once. A lost answer is resolved from the service's record, once; a refused refund leaves the
// subscription as it was. A goods plan (coffee): the running period shipped when it was paid, so it
// ends with no refund and no refund promised.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refunds, subscriptionCharges } from '@/lib/db/schema';
import { cancelSubscriptionNow } from '@/lib/subscriptions/cancel-now';
import type { SubscriptionSummary } from '@/lib/subscriptions/subscription-view';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';
import { withAnswersLost } from '@/test/lossy-client';
import { withScriptedAnswer } from '@/test/scripted-answers';

const app = setupSubscriptionTest();

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;
const firstPaymentOf = async (subscription: SubscriptionSummary) => {
  const [first] = await app
    .db()
    .select()
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscription.id), eq(subscriptionCharges.kind, 'first')));
  const payment = await app.client().payments.get({ imp_uid: first?.impUid ?? '' });
  return { charge: first, payment };
};
const bookingsOf = async (email: string) =>
  (await app.emulator().schedules()).filter((schedule) => schedule.buyer_email === email);

/** Subscribes, lets `elapsed` seconds pass, cancels now: answers the quote, the answer and the records. */
async function cancelAfter(planId: string, elapsed: (start: number, end: number) => number) {
  const subscriber = await Subscriber.withCard();
  const subscription = await subscriber.subscribe(planId);
  const start = subscription.currentPeriodStart ?? 0;
  const end = subscription.currentPeriodEnd ?? 0;
  const wait = elapsed(start, end);
  if (wait > 0) await app.emulator().advanceClock(wait);
  const quote = await subscriber.quoteCancelNow(subscription.id);
  const response = await subscriber.cancelNow(subscription.id);
  expect(response.status).toBe(200);
  const { refunded } = (await response.json()) as { refunded: number };
  return { subscriber, subscription, start, end, quote, refunded, ...(await firstPaymentOf(subscription)) };
}

/**
 * The ended subscription: no access, nothing booked, the refund as quoted, and the service's record
 * holding the one partial cancel. `refund` is exact for days; by the second, the service clock the
 * app estimates runs on while the test's frozen one does not, so a second or two may be used up.
 */
async function expectEnded(run: Awaited<ReturnType<typeof cancelAfter>>, refund: number, slack = 0) {
  expect(run.refunded).toBeLessThanOrEqual(refund);
  expect(run.refunded).toBeGreaterThanOrEqual(refund - slack);
  expect(Math.abs(run.quote.refund - run.refunded)).toBeLessThanOrEqual(slack);
  const now = await app.emulator().now();
  expect(await run.subscriber.get(run.subscription.id)).toMatchObject({
    status: 'cancelled',
    hasAccess: false,
    nextCharge: null,
  });
  const ended = await run.subscriber.get(run.subscription.id);
  expect(ended.endedAt).toBeGreaterThanOrEqual(now);
  // The history links the charge's card receipt and shows the refund.
  expect(ended.charges.find((c) => c.kind === 'first')).toMatchObject({
    receiptUrl: expect.stringMatching(/^https?:\/\//),
    refundedAmount: run.refunded,
  });
  // Refunded in full, the payment is cancelled at the service and the charge is marked refunded.
  const whole = run.refunded === run.quote.paid;
  expect(run.payment).toMatchObject({ status: whole ? 'cancelled' : 'paid', cancel_amount: run.refunded });
  expect(run.payment.cancel_history).toHaveLength(run.refunded > 0 ? 1 : 0);
  const [charge] = await app
    .db()
    .select()
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.id, run.charge?.id ?? ''));
  expect(charge).toMatchObject({ status: whole ? 'refunded' : 'paid', refundedAmount: run.refunded });
  // The renewal is not waiting at the service (revoked; or never booked, when its answer was slow).
  const bookings = await bookingsOf(run.subscriber.user.email);
  expect(bookings.filter((b) => b.schedule_status === 'scheduled')).toEqual([]);
}

/** No refund of the goods' payment was promised or made: the service's record holds no cancel. */
async function expectNothingRefunded(run: Awaited<ReturnType<typeof cancelAfter>>) {
  const promised = await app
    .db()
    .select()
    .from(refunds)
    .where(eq(refunds.merchantUid, run.charge?.merchantUid ?? ''));
  expect(promised).toEqual([]);
  const payment = await app.client().payments.get({ imp_uid: run.payment.imp_uid });
  expect(payment).toMatchObject({ status: 'paid', cancel_amount: 0, cancel_history: [] });
}

describe('cancel now of a goods plan (coffee): the running period has shipped, nothing of it is refunded', () => {
  it('at the start: the quote says shipped and 0원; it ends now with no refund', async () => {
    const run = await cancelAfter('monthly-beans', () => 0);
    expect(run.quote).toMatchObject({ shipped: true, paid: 19_900, refund: 0 });
    await expectEnded(run, 0);
    await expectNothingRefunded(run);
  });

  it('15 days and a half in: still 0원 (a service plan would give back the days left)', async () => {
    const run = await cancelAfter('monthly-beans', () => 15 * DAY + 12 * HOUR);
    expect(run.quote).toMatchObject({ shipped: true, refund: 0 });
    await expectEnded(run, 0);
    await expectNothingRefunded(run);
  });

  it('after a renewal: the renewed (shipped) period is not refunded either', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('monthly-beans');
    const end = subscription.currentPeriodEnd ?? 0;
    await app.emulator().advanceClock(end - (await app.emulator().now()) + 10 * DAY);
    await expect.poll(async () => (await subscriber.get(subscription.id)).currentPeriodStart).toBe(end);
    const renewed = await subscriber.get(subscription.id);
    const renewal = renewed.charges.find((c) => c.kind === 'renewal' && c.status === 'paid');
    expect(renewal).toBeDefined();
    const quote = await subscriber.quoteCancelNow(subscription.id);
    expect(quote).toMatchObject({ shipped: true, refund: 0, paid: 19_900 });
    const response = await subscriber.cancelNow(subscription.id);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { refunded: number }).refunded).toBe(0);
    expect(await subscriber.get(subscription.id)).toMatchObject({
      status: 'cancelled',
      hasAccess: false,
      nextCharge: null,
    });
    const promised = await app
      .db()
      .select()
      .from(refunds)
      .where(eq(refunds.merchantUid, renewal?.merchantUid ?? ''));
    expect(promised).toEqual([]);
    const paid = (await app.emulator().payments()).filter((p) => p.buyer_email === subscriber.user.email);
    expect(paid.map((p) => p.cancel_amount)).toEqual([0, 0]);
  });
});

describe('cancel now of a service plan, with a pro-rata refund', () => {
  it('the demo plan, by the second: at the start, half way and in the last seconds', async () => {
    await expectEnded(await cancelAfter('hourly-demo', () => 0), 1_000, 1);
    await expectEnded(await cancelAfter('hourly-demo', () => 1_800), 500, 1);
    await expectEnded(await cancelAfter('hourly-demo', () => 3_590), 2, 2);
  });

  it('after ending, nothing more is charged: the clock passing the old period end charges nothing', async () => {
    const run = await cancelAfter('hourly-demo', () => 600);
    await app.emulator().advanceClock(3 * HOUR);
    const charged = (await app.emulator().payments()).filter((p) => p.buyer_email === run.subscriber.user.email);
    expect(charged).toHaveLength(1);
    // Cancelling again decides nothing: it answers the refund the cancel made, and refunds no more.
    const again = await run.subscriber.cancelNow(run.subscription.id);
    expect(again.status).toBe(200);
    expect(((await again.json()) as { refunded: number }).refunded).toBe(run.refunded);
    expect((await firstPaymentOf(run.subscription)).payment.cancel_history).toHaveLength(1);
  });

  it('a refund whose answer is lost is resolved from the record: refunded once, the subscription ended', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('hourly-demo');
    await app.emulator().advanceClock(1_800);
    const response = await withAnswersLost(app, 'POST /payments/cancel', () => subscriber.cancelNow(subscription.id));
    expect(response.status).toBe(200);
    const { refunded } = (await response.json()) as { refunded: number };
    expect(refunded).toBeGreaterThanOrEqual(499);
    const { payment } = await firstPaymentOf(subscription);
    expect(payment.cancel_history).toHaveLength(1);
    expect(payment.cancel_amount).toBe(refunded);
    expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
  });

  it('a refund that never reached the service: 503, then the next try asks the record first and refunds once', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('hourly-demo');
    await app.emulator().advanceClock(1_800);
    await app.emulator().injectFault({ method: 'POST', path: '/payments/cancel', action: 'drop', count: 1 });
    const lost = await subscriber.cancelNow(subscription.id);
    expect(lost.status).toBe(503);
    expect(await errorOf(lost)).toMatchObject({ code: 'refund_unknown' });
    // Decided: ended with its refund promised (access ends now), nothing further booked.
    expect(await subscriber.get(subscription.id)).toMatchObject({
      status: 'cancelled',
      hasAccess: false,
      nextCharge: null,
    });
    const again = await subscriber.cancelNow(subscription.id);
    expect(again.status).toBe(200);
    // The amount first asked for (recorded before the request), not a new quote.
    const { charge } = await firstPaymentOf(subscription);
    const [promised] = await app
      .db()
      .select()
      .from(refunds)
      .where(eq(refunds.merchantUid, charge?.merchantUid ?? ''));
    expect(promised).toMatchObject({ status: 'made', origin: 'cancel_now' });
    expect(((await again.json()) as { refunded: number }).refunded).toBe(promised?.amount);
    const { payment } = await firstPaymentOf(subscription);
    expect(payment.cancel_history).toHaveLength(1);
    expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled' });
  });

  it('a refund the service refuses leaves the subscription as it was (booking included) and says so', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('hourly-demo');
    const { payment } = await firstPaymentOf(subscription);
    const refusal = { code: -1, message: '취소할 수 없는 결제입니다.', response: null };
    const response = await withScriptedAnswer(app, 'POST /payments/cancel', refusal, 1, () =>
      subscriber.cancelNow(subscription.id),
    );
    expect(response.status).toBe(502);
    expect(await errorOf(response)).toMatchObject({
      code: 'refund_failed',
      message: expect.stringContaining('구독을 그대로 두었습니다'),
    });
    const after = await subscriber.get(subscription.id);
    expect(after).toMatchObject({ status: 'active', hasAccess: true, cancelAtPeriodEnd: false });
    expect(after.nextCharge).toMatchObject({ at: subscription.currentPeriodEnd, amount: 1_000 });
    expect((await app.client().payments.get({ imp_uid: payment.imp_uid })).cancel_amount).toBe(0);
  });

  it('a refund made at the service behind the app: the pro-rata share of what the service says is left', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('hourly-demo');
    const { payment } = await firstPaymentOf(subscription);
    await app.emulator().rest('POST', '/payments/cancel', { imp_uid: payment.imp_uid, amount: 100 });
    const response = await subscriber.cancelNow(subscription.id);
    expect(response.status).toBe(200);
    // 900 left, of which the unused seconds' share (the app's clock estimate may run a second or two on).
    const { refunded } = (await response.json()) as { refunded: number };
    expect(refunded).toBeLessThanOrEqual(900);
    expect(refunded).toBeGreaterThanOrEqual(898);
    const after = await app.client().payments.get({ imp_uid: payment.imp_uid });
    expect(after.cancel_amount).toBe(100 + refunded);
    expect((await subscriber.get(subscription.id)).charges.find((c) => c.kind === 'first')?.refundedAmount).toBe(
      100 + refunded,
    );
  });

  it('an operator may cancel any subscription now; a customer only their own', async () => {
    const owner = await Subscriber.withCard();
    const other = await Subscriber.withCard();
    const subscription = await owner.subscribe('hourly-demo');
    expect((await other.cancelNow(subscription.id)).status).toBe(404);
    const { refunded } = await cancelSubscriptionNow(subscription.id, { actor: { kind: 'operator', name: 'ops' } });
    expect(refunded).toBeGreaterThanOrEqual(999);
    expect(await owner.get(subscription.id)).toMatchObject({ status: 'cancelled' });
  });
});
