// Cancel at period end, resume before it, change the card of the next charge — against the
// emulator's schedules and clock, with its webhooks reaching the app.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard } from '@/test/factories';
import { Customer } from '@/test/kits/cards';
import { DAY, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error;
const schedulesOf = async (customerUid: string) =>
  (await app.emulator().schedules()).filter((schedule) => schedule.customer_uid === customerUid);
const chargedAfter = async (customerUid: string, after: number) =>
  (await app.emulator().payments()).filter((p) => p.customer_uid === customerUid && p.paid_at > after);
const customerUidOf = async (cardId: string) =>
  (await app.db().query.cards.findFirst({ where: (t, { eq }) => eq(t.id, cardId) }))?.customerUid ?? '';

describe('cancel and resume', () => {
  it('cancel: the booking is revoked, access lasts to the period end, nothing is charged after it', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    const end = subscription.currentPeriodEnd ?? 0;
    const customerUid = await customerUidOf(subscription.card.id);

    const response = await subscriber.cancel(subscription.id);
    expect(response.status).toBe(200);
    expect(await subscriber.get(subscription.id)).toMatchObject({
      status: 'active',
      hasAccess: true,
      cancelAtPeriodEnd: true,
      nextCharge: null,
      currentPeriodEnd: end,
    });
    expect((await schedulesOf(customerUid)).map((s) => s.schedule_status)).toEqual(['revoked']);
    // Cancelling twice is the same as once.
    expect((await subscriber.cancel(subscription.id)).status).toBe(200);

    await app.emulator().advanceTo(end + 40 * DAY);
    expect(await chargedAfter(customerUid, subscription.currentPeriodStart ?? 0)).toEqual([]);
    expect(await subscriber.get(subscription.id)).toMatchObject({
      status: 'cancelled',
      hasAccess: false,
      endReason: 'customer',
    });
    // Reconciliation records the end instead of booking anything.
    expect(await reconcileSubscriptions()).toMatchObject({ ended: 1, booked: 0, errors: [] });
    expect((await schedulesOf(customerUid)).filter((s) => s.schedule_status === 'scheduled')).toEqual([]);
  });

  it('resume before the period ends books the next charge again, which renews', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    const end = subscription.currentPeriodEnd ?? 0;
    await subscriber.cancel(subscription.id);
    expect((await subscriber.resume(subscription.id)).status).toBe(200);
    expect(await subscriber.get(subscription.id)).toMatchObject({ cancelAtPeriodEnd: false, nextCharge: { at: end } });
    await app.emulator().advanceTo(end);
    expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'active', currentPeriodStart: end });
  });

  it('resume after the period ended is refused', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    await subscriber.cancel(subscription.id);
    await app.emulator().advanceTo((subscription.currentPeriodEnd ?? 0) + 1);
    const response = await subscriber.resume(subscription.id);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'not_resumable' });
  });

  it('cancelling in dunning ends it now and revokes the retry', async () => {
    const subscriber = await Subscriber.withCard(TEST_CARDS.firstChargeOnly);
    const subscription = await subscriber.subscribe();
    await app.emulator().advanceTo(subscription.currentPeriodEnd ?? 0);
    expect((await subscriber.get(subscription.id)).status).toBe('past_due');
    await subscriber.cancel(subscription.id);
    expect(await subscriber.get(subscription.id)).toMatchObject({
      status: 'cancelled',
      hasAccess: false,
      nextCharge: null,
    });
    const customerUid = await customerUidOf(subscription.card.id);
    expect((await schedulesOf(customerUid)).filter((s) => s.schedule_status === 'scheduled')).toEqual([]);
  });

  it('the service unreachable while cancelling: 503 and nothing changed', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    await app
      .emulator()
      .injectFault({ method: 'POST', path: '/subscribe/payments/unschedule', action: '503', count: 5 });
    const response = await subscriber.cancel(subscription.id);
    await app.emulator().clearFaults();
    expect(response.status).toBe(503);
    expect(await subscriber.get(subscription.id)).toMatchObject({
      cancelAtPeriodEnd: false,
      nextCharge: subscription.nextCharge,
    });
  });
});

describe('change the card', () => {
  it('re-books the next charge under the new card, at the same time', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    const other = await createTestCard(subscriber.user.id, { cardNumber: '5555-5555-5555-4444', isDefault: false });
    expect((await subscriber.changeCard(subscription.id, other.id)).status).toBe(200);
    const changed = await subscriber.get(subscription.id);
    expect(changed).toMatchObject({ card: { id: other.id }, nextCharge: { at: subscription.nextCharge?.at } });
    expect((await schedulesOf(other.customerUid)).map((s) => [s.schedule_status, s.schedule_at])).toEqual([
      ['scheduled', subscription.nextCharge?.at],
    ]);
    const old = await schedulesOf(await customerUidOf(subscription.card.id));
    expect(old.map((s) => s.schedule_status)).toEqual(['revoked']);
    // The old card is free now; the new one is in use.
    expect((await subscriber.customer.remove(subscription.card.id)).status).toBe(200);
    expect((await subscriber.customer.remove(other.id)).status).toBe(409);
  });

  it("another user's card, or a subscription that is not yours: not found, nothing changed", async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    const stranger = await Customer.signUp();
    const foreignCard = await createTestCard(stranger.user.id);
    expect((await subscriber.changeCard(subscription.id, foreignCard.id)).status).toBe(404);

    const intruder = await Subscriber.withCard();
    const card = (await intruder.customer.cards())[0];
    expect((await intruder.changeCard(subscription.id, card?.id ?? '')).status).toBe(404);
    expect((await intruder.cancel(subscription.id)).status).toBe(404);
    expect((await intruder.cancel('not-a-uuid')).status).toBe(404);
    expect(await subscriber.get(subscription.id)).toMatchObject({ card: subscription.card, cancelAtPeriodEnd: false });
  });

  it('a bad body is a 400 and changes nothing', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    const response = await subscriber.changeCard(subscription.id, randomUUID().slice(0, 8));
    expect(response.status).toBe(400);
    expect((await subscriber.get(subscription.id)).card).toEqual(subscription.card);
  });
});
