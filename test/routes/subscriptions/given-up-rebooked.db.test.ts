// A booking given up on (its unschedule refused while it still waits) whose period was booked again
// — a card change moves it, a resume books it anew — runs anyway beside the new one. Its payment is
// refunded as a charge given up on; recording that must not collide with the new booking of the
// same period (a unique index), or the notice is answered 503 for ever and every reconciliation
// throws before it reaches orders and the sweep.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges, webhookDeliveries } from '@/lib/db/schema';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { createTestCard } from '@/test/factories';
import { DAY, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';
import { withScriptedAnswer } from '@/test/scripted-answers';

const app = setupSubscriptionTest();

const refused = { code: 1, message: '취소할 예약결제 기록이 존재하지 않습니다.', response: null };
const chargesOf = (subscriptionId: string) =>
  app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));

async function bothRan(given: { merchantUid: string }, periodEnd: number) {
  await app.emulator().advanceTo(periodEnd + 60);
  const ran = await app.emulator().schedule(given.merchantUid);
  expect(ran?.schedule_status).toBe('executed');
  const impUid = ran?.imp_uid ?? '';
  // Reconciliation completes (it used to throw on the unique index).
  expect(await reconcileSubscriptions()).toMatchObject({ errors: [] });
  expect((await app.client().payments.get({ imp_uid: impUid })).status).toBe('cancelled');
  const deliveries = await app.db().select().from(webhookDeliveries).where(eq(webhookDeliveries.impUid, impUid));
  expect(deliveries.length).toBeGreaterThan(0);
  expect(deliveries.every((d) => !d.outcome?.startsWith('error'))).toBe(true);
  return impUid;
}

describe('a booking given up on whose period was booked again, both run', () => {
  it('after a card change: the old one refunded and recorded, the new one buys the period', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    await reconcileSubscriptions(); // books the renewal if the booking's answer was slow (a loaded machine)
    const [old] = (await chargesOf(subscription.id)).filter((c) => c.status === 'scheduled');
    if (!old) throw new Error('no booking');
    const other = await createTestCard(subscriber.user.id, { cardNumber: '5555-5555-5555-4444', isDefault: false });
    const changed = await withScriptedAnswer(app, 'POST /subscribe/payments/unschedule', refused, 2, () =>
      subscriber.changeCard(subscription.id, other.id),
    );
    expect(changed.status).toBe(200);
    expect((await app.emulator().schedule(old.merchantUid))?.schedule_status).toBe('scheduled');

    const impUid = await bothRan(old, subscription.currentPeriodEnd ?? 0);
    const charges = await chargesOf(subscription.id);
    expect(charges.find((c) => c.merchantUid === old.merchantUid)).toMatchObject({ status: 'refunded', impUid });
    expect(charges.filter((c) => c.kind === 'renewal' && c.status === 'paid')).toHaveLength(1);
    expect(await subscriber.get(subscription.id)).toMatchObject({
      status: 'active',
      currentPeriodStart: subscription.currentPeriodEnd,
    });
  });

  it('after a cancel and a resume: the old one refunded and recorded, the new one buys the period', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    await reconcileSubscriptions(); // books the renewal if the booking's answer was slow (a loaded machine)
    const [old] = (await chargesOf(subscription.id)).filter((c) => c.status === 'scheduled');
    if (!old) throw new Error('no booking');
    const cancelled = await withScriptedAnswer(app, 'POST /subscribe/payments/unschedule', refused, 2, () =>
      subscriber.cancel(subscription.id),
    );
    expect(cancelled.status).toBe(200);
    expect((await subscriber.resume(subscription.id)).status).toBe(200);

    const impUid = await bothRan(old, subscription.currentPeriodEnd ?? 0);
    const charges = await chargesOf(subscription.id);
    expect(charges.find((c) => c.merchantUid === old.merchantUid)).toMatchObject({ status: 'refunded', impUid });
    expect(charges.filter((c) => c.kind === 'renewal' && c.status === 'paid')).toHaveLength(1);
    await app.emulator().advanceTo((subscription.currentPeriodEnd ?? 0) + DAY);
    expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'active' });
  });
});
