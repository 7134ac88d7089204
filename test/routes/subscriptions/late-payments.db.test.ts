// Issue 12, scenario 1: a period is never charged once it has ended. A late payment starts a new
// period from when it was paid; a renewal decided long after its due time books the next period
// from now instead of catching up the missed ones.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges } from '@/lib/db/schema';
import { bookCharge } from '@/lib/subscriptions/booking';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { findSubscription, insertCharge } from '@/lib/subscriptions/repository';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard } from '@/test/factories';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const chargesOf = (subscriptionId: string) =>
  app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
const paidAtService = async (customerUids: string[]) =>
  (await app.emulator().payments()).filter((p) => customerUids.includes(p.customer_uid ?? '') && p.status === 'paid');
const customerUidOf = async (cardId: string) =>
  (await app.db().query.cards.findFirst({ where: (t, { eq: is }) => is(t.id, cardId) }))?.customerUid ?? '';

/** I2 on our records: every paid charge was paid while its period ran, and no two paid periods overlap. */
async function expectPeriodsPaidOnce(subscriptionId: string) {
  const paid = (await chargesOf(subscriptionId))
    .filter((c) => c.status === 'paid')
    .sort((a, b) => (a.periodStart ?? 0) - (b.periodStart ?? 0));
  for (const [i, charge] of paid.entries()) {
    expect(charge.settledAt).toBeLessThan(charge.periodEnd ?? 0);
    const next = paid[i + 1];
    if (next) expect(next.periodStart ?? 0).toBeGreaterThanOrEqual(charge.periodEnd ?? 0);
  }
}

describe('scenario 1: catch-up charges for periods already over', () => {
  it('a dunning retry paid a day late starts a new period: no hour already over is charged', async () => {
    const subscriber = await Subscriber.withCard(TEST_CARDS.firstChargeOnly);
    const first = await subscriber.subscribe('hourly-demo');
    const due = first.currentPeriodEnd ?? 0;
    await app.emulator().advanceTo(due);
    expect((await subscriber.get(first.id)).status).toBe('past_due');
    const better = await createTestCard(subscriber.user.id, { cardNumber: TEST_CARDS.approved, isDefault: false });
    expect((await subscriber.changeCard(first.id, better.id)).status).toBe(200);

    await app.emulator().advanceTo(due + DAY + 30 * 60);
    const customers = [await customerUidOf(first.card.id), better.customerUid];
    // The first charge and the retry; before the fix, a catch-up charge every minute followed.
    expect(await paidAtService(customers)).toHaveLength(2);
    expect(await subscriber.get(first.id)).toMatchObject({
      status: 'active',
      currentPeriodStart: due + DAY,
      currentPeriodEnd: due + DAY + HOUR,
      nextCharge: { at: due + DAY + HOUR, kind: 'renewal' },
    });
    await expectPeriodsPaidOnce(first.id);
  });

  it('a renewal applied hours late by reconciliation books the next period from now, once', async () => {
    const subscriber = await Subscriber.withCard();
    const first = await subscriber.subscribe('hourly-demo');
    const end = first.currentPeriodEnd ?? 0;
    await app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });
    await app.emulator().advanceTo(end + 5 * HOUR);

    expect(await reconcileSubscriptions()).toMatchObject({ applied: 1, errors: [] });
    const now = await app.emulator().now();
    await app.emulator().advanceTo(now + 10 * 60);
    // The first charge, the renewal the app missed, and one charge for the period from now on.
    expect(await paidAtService([await customerUidOf(first.card.id)])).toHaveLength(3);
    const after = await subscriber.get(first.id);
    expect(after.currentPeriodStart).toBeGreaterThanOrEqual(now);
    expect(after.nextCharge?.at).toBe(after.currentPeriodEnd);
    await expectPeriodsPaidOnce(first.id);
  });

  it('bookCharge refuses a charge whose period is over instead of catching it up', async () => {
    const subscriber = await Subscriber.withCard();
    const first = await subscriber.subscribe('hourly-demo');
    const subscription = await findSubscription(first.id);
    if (!subscription) throw new Error('no subscription');
    await subscriber.cancel(first.id);
    await app.emulator().advanceTo((first.currentPeriodEnd ?? 0) + 3 * HOUR);
    const end = first.currentPeriodEnd ?? 0;
    const stale = await insertCharge({
      subscriptionId: first.id,
      kind: 'renewal',
      attempt: 0,
      periodStart: end,
      periodEnd: end + HOUR,
      scheduleAt: end,
      amount: first.amount,
      customerUid: await customerUidOf(first.card.id),
      status: 'to_book',
    });
    if (!stale) throw new Error('not inserted');
    await app.client().serviceNow({ fresh: true });
    expect(await bookCharge(stale, subscription)).toBe(false);
    expect((await app.emulator().schedules()).some((s) => s.merchant_uid === stale.merchantUid)).toBe(false);
    expect((await chargesOf(first.id)).find((c) => c.id === stale.id)?.status).toBe('revoked');
  });
});
