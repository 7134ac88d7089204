// Renewals: the emulator executes the booked charge when its clock reaches it and sends the
// scheduled-payment webhook to the app's webhook route (real HTTP); the app turns each into exactly
// one renewal or one step of dunning, however often, late or concurrently it arrives.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges } from '@/lib/db/schema';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard } from '@/test/factories';
import { DAY, deliver, HOUR, notice, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const chargesOf = (subscriptionId: string) =>
  app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
const bookingsOf = async (subscriptionId: string) => {
  const ours = new Set((await chargesOf(subscriptionId)).map((charge) => charge.merchantUid));
  return (await app.emulator().schedules()).filter((schedule) => ours.has(schedule.merchant_uid));
};
const pending = async (subscriptionId: string) =>
  (await bookingsOf(subscriptionId)).filter((schedule) => schedule.schedule_status === 'scheduled');

/** A new subscriber (paying with `card`) to `plan`: the subscription and the end of its first period. */
async function subscribed({ plan, card }: { plan?: string; card?: string }) {
  const subscriber = await Subscriber.withCard(card);
  const first = await subscriber.subscribe(plan);
  return { subscriber, first, end: first.currentPeriodEnd ?? 0 };
}

describe('renewals', () => {
  it('the clock reaching the period end renews: the period is extended and the next charge booked', async () => {
    const { subscriber, first, end } = await subscribed({ plan: 'hourly-demo' });
    await app.emulator().advanceTo(end);

    const renewed = await subscriber.get(first.id);
    expect(renewed).toMatchObject({
      status: 'active',
      currentPeriodStart: end,
      currentPeriodEnd: end + HOUR,
      nextCharge: { at: end + HOUR, kind: 'renewal' },
    });
    expect(renewed.charges.map((c) => [c.kind, c.status])).toEqual([
      ['renewal', 'scheduled'],
      ['renewal', 'paid'],
      ['first', 'paid'],
    ]);
    expect((await pending(first.id)).map((s) => s.schedule_at)).toEqual([end + HOUR]);

    // Three more periods in one advance: each webhook books the next, which runs in the same advance.
    await app.emulator().advanceTo(end + 3 * HOUR);
    const later = await subscriber.get(first.id);
    expect(later.currentPeriodEnd).toBe(end + 4 * HOUR);
    expect(later.charges.filter((c) => c.status === 'paid')).toHaveLength(5);
    expect(await pending(first.id)).toHaveLength(1);
  });

  it('0341: renewal fails → dunning with access kept → the last retry fails → ended, nothing more booked', async () => {
    const { subscriber, first, end: due } = await subscribed({ card: TEST_CARDS.firstChargeOnly });

    await app.emulator().advanceTo(due);
    const dunning = await subscriber.get(first.id);
    expect(dunning).toMatchObject({
      status: 'past_due',
      hasAccess: true,
      currentPeriodEnd: due,
      nextCharge: { at: due + DAY, kind: 'retry', attempt: 1 },
    });
    expect(dunning.charges[1]).toMatchObject({
      kind: 'renewal',
      status: 'failed',
      failReason: expect.stringContaining('카드 한도를 초과했습니다'),
    });

    await app.emulator().advanceTo(due + DAY);
    expect((await subscriber.get(first.id)).nextCharge).toMatchObject({ at: due + 3 * DAY, attempt: 2 });

    await app.emulator().advanceTo(due + 3 * DAY);
    const ended = await subscriber.get(first.id);
    expect(ended).toMatchObject({
      status: 'cancelled',
      hasAccess: false,
      endReason: 'payment_failed',
      nextCharge: null,
    });
    expect(await pending(first.id)).toEqual([]);
    await app.emulator().advanceTo(due + 40 * DAY);
    expect((await bookingsOf(first.id)).filter((s) => s.schedule_status === 'executed')).toHaveLength(3);
  });

  it('0341: dunning, then the customer changes the card → the retry is booked on it → paid, active again', async () => {
    const { subscriber, first, end: due } = await subscribed({ card: TEST_CARDS.firstChargeOnly });
    await app.emulator().advanceTo(due);
    expect((await subscriber.get(first.id)).status).toBe('past_due');

    const better = await createTestCard(subscriber.user.id, { cardNumber: TEST_CARDS.approved, isDefault: false });
    expect((await subscriber.changeCard(first.id, better.id)).status).toBe(200);
    const [retry, ...others] = await pending(first.id);
    expect(others).toEqual([]);
    expect(retry).toMatchObject({ customer_uid: better.customerUid, schedule_at: due + DAY });

    await app.emulator().advanceTo(due + DAY);
    const recovered = await subscriber.get(first.id);
    expect(recovered).toMatchObject({
      status: 'active',
      card: { id: better.id },
      currentPeriodStart: due,
      nextCharge: { kind: 'renewal', attempt: 0 },
    });
    expect(recovered.currentPeriodEnd).toBe(recovered.nextCharge?.at);
    expect((await pending(first.id)).map((s) => s.customer_uid)).toEqual([better.customerUid]);
  });

  it('the same webhook five times, late, and concurrently renews once and books one next charge', async () => {
    const { subscriber, first, end } = await subscribed({ plan: 'hourly-demo' });
    await app.emulator().advanceTo(end);
    const renewal = (await chargesOf(first.id)).find((c) => c.kind === 'renewal' && c.status === 'paid');
    if (!renewal?.impUid) throw new Error('no renewal');
    // The service's own delivery came over HTTP and renewed; then it arrives five more times.
    expect(app.bridge().received.filter((r) => r.fields.merchant_uid === renewal.merchantUid)).toHaveLength(1);
    const body = notice(renewal.impUid, renewal.merchantUid);

    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push((await (await deliver(body)).json()).outcome);
    const concurrent = await Promise.all([deliver(body), deliver(body)]);
    for (const response of concurrent) outcomes.push((await response.json()).outcome);
    expect(outcomes.every((outcome) => String(outcome).startsWith('already settled'))).toBe(true);
    expect(concurrent.map((r) => r.status)).toEqual([200, 200]);

    const after = await subscriber.get(first.id);
    expect(after.currentPeriodEnd).toBe(end + HOUR);
    expect((await chargesOf(first.id)).filter((c) => c.kind === 'renewal')).toHaveLength(2);
    expect(await pending(first.id)).toHaveLength(1);
  });

  it('a lost webhook: the renewal ran but the app never heard; two deliveries racing apply it once', async () => {
    const { subscriber, first, end } = await subscribed({ plan: 'hourly-demo' });
    await app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });
    await app.emulator().advanceTo(end);
    expect((await subscriber.get(first.id)).currentPeriodEnd).toBe(end);

    const [executed] = (await bookingsOf(first.id)).filter((s) => s.schedule_status === 'executed');
    if (!executed?.imp_uid) throw new Error('not executed');
    // Two app instances receive a redelivery at once (on Postgres, truly concurrent transactions).
    const body = notice(executed.imp_uid, executed.merchant_uid);
    const outcomes = await Promise.all(
      [deliver(body), deliver(body)].map(async (r) => (await (await r).json()).outcome),
    );
    expect(outcomes.filter((o) => o === 'subscription renewed')).toHaveLength(1);
    expect(outcomes.filter((o) => String(o).startsWith('already settled'))).toHaveLength(1);
    expect((await subscriber.get(first.id)).currentPeriodEnd).toBe(end + HOUR);
    expect(await pending(first.id)).toHaveLength(1);
  });

  it('a forged notice naming a booking that has not run, a forged body and an old notice change nothing', async () => {
    const subscriber = await Subscriber.withCard();
    const first = await subscriber.subscribe('hourly-demo');
    const booked = (await chargesOf(first.id)).find((c) => c.status === 'scheduled');
    const firstCharge = (await chargesOf(first.id)).find((c) => c.kind === 'first');
    if (!booked || !firstCharge?.impUid) throw new Error('setup');

    const early = await deliver(notice('imp_999999999999', booked.merchantUid));
    expect((await early.json()).outcome).toBe('ignored: the service has no such payment');
    const forged = await deliver('imp_uid=imp_123&merchant_uid=ren_x&status=paid', 'application/x-www-form-urlencoded');
    expect(forged.status).toBe(200);
    const old = await deliver(notice(firstCharge.impUid, firstCharge.merchantUid));
    expect((await old.json()).outcome).toMatch(/^already settled/);

    expect(await subscriber.get(first.id)).toMatchObject({
      currentPeriodEnd: first.currentPeriodEnd,
      nextCharge: first.nextCharge,
    });
    expect(await pending(first.id)).toHaveLength(1);
  });
});

describe('reconciliation', () => {
  it('repairs a lost renewal webhook and a lost booking, and a second run changes nothing', async () => {
    const { subscriber, first, end } = await subscribed({ plan: 'hourly-demo' });
    await app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });
    await app.emulator().advanceTo(end);
    expect((await subscriber.get(first.id)).currentPeriodEnd).toBe(end);

    const report = await reconcileSubscriptions();
    expect(report).toMatchObject({ applied: 1, errors: [] });
    expect(await subscriber.get(first.id)).toMatchObject({
      currentPeriodEnd: end + HOUR,
      nextCharge: { at: end + HOUR },
    });
    expect(await pending(first.id)).toHaveLength(1);

    // The booking of the next period is lost (revoked at the service behind the app's back).
    const [booking] = await pending(first.id);
    await app.emulator().rest('POST', '/subscribe/payments/unschedule', {
      customer_uid: booking?.customer_uid,
      merchant_uid: booking?.merchant_uid,
    });
    expect(await reconcileSubscriptions()).toMatchObject({ booked: 1, errors: [] });
    expect((await pending(first.id)).map((s) => s.schedule_at)).toEqual([end + HOUR]);

    const again = await reconcileSubscriptions();
    expect(again).toMatchObject({ applied: 0, booked: 0, ended: 0, errors: [] });
    expect(await pending(first.id)).toHaveLength(1);
  });

  it('books the next charge of an active subscription that has none', async () => {
    const subscriber = await Subscriber.withCard();
    const first = await subscriber.subscribe();
    // As if the app stopped between settling the charge and booking: the booking never happened.
    await app
      .db()
      .delete(subscriptionCharges)
      .where(and(eq(subscriptionCharges.subscriptionId, first.id), eq(subscriptionCharges.status, 'scheduled')));
    const [stale] = await pending(first.id);
    expect(stale).toBeUndefined();
    await reconcileSubscriptions();
    expect((await subscriber.get(first.id)).nextCharge).toMatchObject({ at: first.currentPeriodEnd, kind: 'renewal' });
  });
});
