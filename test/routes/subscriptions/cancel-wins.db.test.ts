// A cancellation that lands between the two steps of a request that books a renewal (a resume, a
// card change: two tabs, a double click) must win: the customer was told it ends with its period,
// so nothing is charged after it. The interleavings are replayed step by step with the same calls
// the routes make, each request's stale view of the subscription included.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { rebook } from '@/lib/subscriptions/booking';
import { bookRenewal } from '@/lib/subscriptions/manage';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { findSubscription } from '@/lib/subscriptions/repository';
import { createTestCard } from '@/test/factories';
import { DAY, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const paidAmounts = async (customerUids: string[]) =>
  (await app.emulator().payments()).filter(
    (p) => p.customer_uid !== null && customerUids.includes(p.customer_uid) && p.status === 'paid' && p.amount > 0,
  );
const customerUidOf = async (cardId: string) =>
  (await app.db().query.cards.findFirst({ where: (t, { eq: is }) => is(t.id, cardId) }))?.customerUid ?? '';

/**
 * The subscription's booked renewal. On a loaded machine the subscribe's booking may outlast the
 * client's timeout and be left to reconciliation (as in production): run it until the booking is there.
 */
async function bookingOf(subscriptionId: string) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const booked = (await app.db().select().from(subscriptionCharges)).find(
      (c) => c.subscriptionId === subscriptionId && c.status === 'scheduled',
    );
    if (booked) return booked;
    await reconcileSubscriptions();
  }
  throw new Error('no booking after five reconciliations');
}

/** An active subscription the customer cancelled at period end (its renewal revoked). */
async function cancelledAtPeriodEnd() {
  const subscriber = await Subscriber.withCard();
  const subscription = await subscriber.subscribe();
  expect((await subscriber.cancel(subscription.id)).status).toBe(200);
  return { subscriber, subscription };
}

describe('a cancel between the steps of a resume', () => {
  it('the renewal the resume books after the cancel is not charged', async () => {
    const { subscriber, subscription } = await cancelledAtPeriodEnd();
    // Resume, step 1: the flag is cleared (as resumeSubscription does) and its view kept.
    await app.db().update(subscriptions).set({ cancelAtPeriodEnd: false }).where(eq(subscriptions.id, subscription.id));
    const resumeView = await findSubscription(subscription.id);
    if (!resumeView) throw new Error('no subscription');
    // The customer cancels again in another tab: answered 200, nothing waits to be revoked yet.
    expect((await subscriber.cancel(subscription.id)).status).toBe(200);
    // Resume, step 2: books the renewal from its (now stale) view.
    await bookRenewal(resumeView);
    await reconcileSubscriptions();

    await app.emulator().advanceTo((subscription.currentPeriodEnd ?? 0) + DAY);
    await reconcileSubscriptions();
    expect(await paidAmounts([await customerUidOf(subscription.card.id)])).toHaveLength(1);
    expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
  });
});

describe('a cancel between the steps of a card change', () => {
  it('the renewal moved to the new card after the cancel is not charged', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    const other = await createTestCard(subscriber.user.id, { cardNumber: '5555-5555-5555-4444', isDefault: false });
    // Card change, step 1: the booking on the old card is revoked (as withdrawOpenCharge does) and
    // the subscription moved to the new card.
    const booked = await bookingOf(subscription.id);
    await app.emulator().rest('POST', '/subscribe/payments/unschedule', {
      customer_uid: booked.customerUid,
      merchant_uid: booked.merchantUid,
    });
    await app.db().update(subscriptionCharges).set({ status: 'revoked' }).where(eq(subscriptionCharges.id, booked.id));
    await app.db().update(subscriptions).set({ cardId: other.id }).where(eq(subscriptions.id, subscription.id));
    const changeView = await findSubscription(subscription.id);
    if (!changeView) throw new Error('no subscription');
    // The customer cancels in another tab: nothing waits to be revoked.
    expect((await subscriber.cancel(subscription.id)).status).toBe(200);
    // Card change, step 2: the revoked booking is booked again on the new card (as rebook does).
    await rebook(booked, changeView, other.customerUid);
    await reconcileSubscriptions();

    await app.emulator().advanceTo((subscription.currentPeriodEnd ?? 0) + DAY);
    await reconcileSubscriptions();
    const customerUids = [await customerUidOf(subscription.card.id), other.customerUid];
    expect(await paidAmounts(customerUids)).toHaveLength(1);
    expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
  });
});

describe('reconciliation and a subscription cancelled at period end', () => {
  it('a booking still waiting (a cancel interrupted after its flag was set) is revoked, never charged', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    // As a cancel that stopped (a crash, a restart) after setting the flag and before revoking.
    await app.db().update(subscriptions).set({ cancelAtPeriodEnd: true }).where(eq(subscriptions.id, subscription.id));
    await reconcileSubscriptions();

    await app.emulator().advanceTo((subscription.currentPeriodEnd ?? 0) + DAY);
    await reconcileSubscriptions();
    expect(await paidAmounts([await customerUidOf(subscription.card.id)])).toHaveLength(1);
    expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
  });
});
