// What lost answers and races can leave behind, and how it is kept from costing the customer:
// a booking made whose answer was lost, a payment that lands after it was given up on, a card
// removed while cancelled, and subscriptions reconciliation must end.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { settleIncomplete } from '@/lib/subscriptions/subscribe';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard } from '@/test/factories';
import { DAY, deliver, notice, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';
import { withAnswersLost } from '@/test/lossy-client';

const app = setupSubscriptionTest();

const chargesOf = (subscriptionId: string) =>
  app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
const paymentsOf = async (customerUid: string) =>
  (await app.emulator().payments()).filter((p) => p.customer_uid === customerUid && p.amount > 0);
const customerUidOf = async (cardId: string) =>
  (await app.db().query.cards.findFirst({ where: (t, { eq: is }) => is(t.id, cardId) }))?.customerUid ?? '';

describe('a booking made whose answer was lost', () => {
  async function subscribedWithLostBooking() {
    const subscriber = await Subscriber.withCard();
    const subscription = await withAnswersLost(app, 'POST /subscribe/payments/schedule', () => subscriber.subscribe());
    const [open] = (await chargesOf(subscription.id)).filter((c) => c.status === 'to_book');
    // The service holds the booking; the app does not know it yet.
    const held = (await app.emulator().schedules()).find((s) => s.merchant_uid === open?.merchantUid);
    expect(held?.schedule_status).toBe('scheduled');
    return { subscriber, subscription };
  }

  it('cancel still revokes it: nothing is charged after the period', async () => {
    const { subscriber, subscription } = await subscribedWithLostBooking();
    expect((await subscriber.cancel(subscription.id)).status).toBe(200);
    await app.emulator().advanceTo((subscription.currentPeriodEnd ?? 0) + DAY);
    const customerUid = await customerUidOf(subscription.card.id);
    expect(await paymentsOf(customerUid)).toHaveLength(1);
  });

  it('a card change moves it: the period is charged once, on the new card', async () => {
    const { subscriber, subscription } = await subscribedWithLostBooking();
    const other = await createTestCard(subscriber.user.id, { cardNumber: '5555-5555-5555-4444', isDefault: false });
    expect((await subscriber.changeCard(subscription.id, other.id)).status).toBe(200);
    await app.emulator().advanceTo(subscription.currentPeriodEnd ?? 0);
    expect(await paymentsOf(await customerUidOf(subscription.card.id))).toHaveLength(1);
    expect(await paymentsOf(other.customerUid)).toHaveLength(1);
    expect((await subscriber.get(subscription.id)).currentPeriodStart).toBe(subscription.currentPeriodEnd);
  });
});

describe('payments for charges given up on are refunded, never applied', () => {
  it('a booking revoked here that ran anyway', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    // The race lost: the app marked it revoked, the service ran it.
    await app
      .db()
      .update(subscriptionCharges)
      .set({ status: 'revoked' })
      .where(eq(subscriptionCharges.status, 'scheduled'));
    await app.db().update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, subscription.id));
    await app.emulator().advanceTo(subscription.currentPeriodEnd ?? 0);
    const [payment] = (await paymentsOf(await customerUidOf(subscription.card.id))).filter(
      (p) => p.customer_uid_usage === 'payment.scheduled',
    );
    expect(payment).toMatchObject({ status: 'cancelled', cancel_amount: subscription.amount });
    expect((await subscriber.get(subscription.id)).currentPeriodEnd).toBe(subscription.currentPeriodEnd);
    // Delivered again: refunded once.
    const again = await deliver(notice(payment?.imp_uid ?? '', payment?.merchant_uid ?? ''));
    expect((await again.json()).outcome).toMatch(/^already settled \(refunded\)|^ignored/);
    expect(
      (await paymentsOf(await customerUidOf(subscription.card.id))).find((p) => p.imp_uid === payment?.imp_uid)
        ?.cancel_history,
    ).toHaveLength(1);
  });

  it('a first charge that landed after it was declared never made', async () => {
    const subscriber = await Subscriber.withCard();
    await app.emulator().injectFault({ method: 'POST', path: '/subscribe/payments/again', action: 'hang' });
    const response = await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: crypto.randomUUID() });
    const { subscriptionId } = await response.json();
    const row = await app.db().query.subscriptions.findFirst({ where: eq(subscriptions.id, subscriptionId) });
    if (!row) throw new Error('no subscription');
    expect(row.status).toBe('incomplete');
    expect((await settleIncomplete(row, Date.now() + 3 * 60_000)).status).toBe('failed');

    // The hung request reaches the issuer after all.
    const [first] = await chargesOf(subscriptionId);
    const late = await app.client().charges.again({
      merchant_uid: first?.merchantUid ?? '',
      customer_uid: first?.customerUid ?? '',
      amount: first?.amount ?? 0,
      name: '월간 원두 정기배송',
    });
    expect(late.outcome).toBe('paid');
    if (late.outcome !== 'paid') return;
    const outcome = (await (await deliver(notice(late.payment.imp_uid, late.payment.merchant_uid))).json()).outcome;
    expect(outcome).toBe('refunded: the charge had been given up');
    expect((await app.client().payments.get({ imp_uid: late.payment.imp_uid })).status).toBe('cancelled');
    expect(
      (await app.db().query.subscriptions.findFirst({ where: eq(subscriptions.id, subscriptionId) }))?.status,
    ).toBe('failed');
  });
});

describe('a card removed while cancelled', () => {
  it('resume is refused until the subscription has a card again', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    await subscriber.cancel(subscription.id);
    expect((await subscriber.customer.remove(subscription.card.id)).status).toBe(200);
    const refused = await subscriber.resume(subscription.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).error.code).toBe('card_removed');

    const card = await createTestCard(subscriber.user.id);
    expect((await subscriber.changeCard(subscription.id, card.id)).status).toBe(200);
    expect((await subscriber.resume(subscription.id)).status).toBe(200);
    expect((await subscriber.get(subscription.id)).nextCharge).toMatchObject({ at: subscription.currentPeriodEnd });
  });

  it('reconciliation ends a subscription that nothing can charge once its period is over', async () => {
    const subscriber = await Subscriber.withCard(TEST_CARDS.approved);
    const subscription = await subscriber.subscribe();
    await subscriber.cancel(subscription.id);
    await subscriber.customer.remove(subscription.card.id);
    // Resumed behind the app's back (as if the card check had been missed): nothing to charge.
    await app.db().update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, subscription.id));
    await app.emulator().advanceTo((subscription.currentPeriodEnd ?? 0) + 1);
    expect(await reconcileSubscriptions()).toMatchObject({ ended: 1, errors: [] });
    expect(await subscriber.get(subscription.id)).toMatchObject({
      status: 'cancelled',
      hasAccess: false,
      endReason: 'payment_failed',
    });
  });
});
