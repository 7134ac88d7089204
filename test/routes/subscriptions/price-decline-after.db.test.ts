// Issue 33 review: a no to a higher price holds whatever comes after it. A 해지 취소 (resume) of a
// subscription set to end for want of that yes is refused, and cannot bring the raised price back
// (nor can a cancel followed by a resume); a no given while a failed renewal at the raised price is
// being retried stops the retry, and the subscription ends for that reason.
import { describe, expect, it } from 'vitest';
import { POST as answerRoute } from '@/app/api/subscriptions/price-changes/[id]/route';
import { pendingPriceChanges } from '@/lib/subscriptions/price-asks';
import { setPlanPrice } from '@/lib/subscriptions/price-changes';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard, pageRequest } from '@/test/factories';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const answer = (subscriber: Subscriber, id: string, body: unknown) =>
  answerRoute(
    pageRequest(`/api/subscriptions/price-changes/${id}`, { method: 'POST', body, cookie: subscriber.customer.cookie }),
    { params: Promise.resolve({ id }) },
  );
const paidAmounts = async (subscriber: Subscriber) =>
  (await app.emulator().payments())
    .filter((p) => p.buyer_email === subscriber.user.email && p.status === 'paid')
    .map((p) => p.amount);
/** The file's tests share the plan and the clock: each raises the price it found. */
const raiseTo = async (amount: number) =>
  setPlanPrice('monthly-beans', amount, (await app.emulator().now()) + 30 * DAY + HOUR);

/** Past every price change an earlier test announced: it is in force, and the next is this test's own. */
const pastEarlierChanges = async () => app.emulator().advanceTo((await app.emulator().now()) + 70 * DAY);

/** Subscribed, the price raised by 5,000, the clock inside the window, and a yes given: booked at the new price. */
async function agreedToRise(card?: string) {
  await pastEarlierChanges();
  const subscriber = await Subscriber.withCard(card);
  const s = await subscriber.subscribe('monthly-beans');
  const raised = s.amount + 5_000;
  await raiseTo(raised);
  const [request] = await pendingPriceChanges(subscriber.user.id);
  if (!request) throw new Error('no price change asked');
  // Set to end until a yes, but not said to be declined: not even asked yet.
  expect(await subscriber.get(s.id)).toMatchObject({
    endReason: 'price_declined',
    priceAsk: { status: 'requested', askOpen: false, asksFrom: request.asksFrom },
  });
  await app.emulator().advanceTo(request.changesAt - 20 * DAY);
  expect((await answer(subscriber, request.id, { consent: { agreed: true } })).status).toBe(200);
  expect(await subscriber.get(s.id)).toMatchObject({ nextCharge: { amount: raised } });
  return { subscriber, s, raised, request };
}

describe('a no to a higher price, and what comes after it', () => {
  it('yes, then no, then 해지 취소: refused with 409, and the raised price is never charged', async () => {
    const { subscriber, s, raised, request } = await agreedToRise();
    expect((await answer(subscriber, request.id, { decision: 'decline' })).status).toBe(200);
    expect(await subscriber.get(s.id)).toMatchObject({
      amount: s.amount,
      cancelAtPeriodEnd: true,
      endReason: 'price_declined',
      nextCharge: null,
      priceAsk: { status: 'declined', askOpen: true },
    });

    const resumed = await subscriber.resume(s.id);
    expect(resumed.status).toBe(409);
    const body = (await resumed.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('price_consent_required');
    expect(body.error.message).toContain('바뀐 가격');

    // A cancellation of their own, then a resume, does not get round it either.
    expect((await subscriber.cancel(s.id)).status).toBe(200);
    expect((await subscriber.resume(s.id)).status).toBe(409);

    await app.emulator().advanceTo(request.changesAt + 40 * DAY);
    expect(await paidAmounts(subscriber)).not.toContain(raised);
    expect(await subscriber.get(s.id)).toMatchObject({ status: 'cancelled', nextCharge: null });
  });

  it('a fall needs no yes: cancelled and resumed, it is renewed at the lower price', async () => {
    await pastEarlierChanges();
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    const lower = s.amount - 1_000;
    await raiseTo(lower);
    expect(await pendingPriceChanges(subscriber.user.id)).toEqual([]);
    expect((await subscriber.cancel(s.id)).status).toBe(200);
    expect((await subscriber.resume(s.id)).status).toBe(200);
    await app.emulator().advanceTo((s.currentPeriodEnd ?? 0) + 35 * DAY);
    expect(await paidAmounts(subscriber)).toContain(lower);
  });

  it('a no while the failed renewal at the raised price is retried: the retry is taken back, it ends as price_declined', async () => {
    const { subscriber, s, raised, request } = await agreedToRise(TEST_CARDS.firstChargeOnly);
    await app.emulator().advanceTo(request.changesAt + 60);
    expect(await subscriber.get(s.id)).toMatchObject({ status: 'past_due', nextCharge: { kind: 'retry' } });
    // The customer fixes the card (the retry would be paid now), then says no to the price.
    const better = await createTestCard(subscriber.user.id, { cardNumber: TEST_CARDS.approved, isDefault: false });
    expect((await subscriber.changeCard(s.id, better.id)).status).toBe(200);
    expect((await answer(subscriber, request.id, { decision: 'decline' })).status).toBe(200);

    expect(await subscriber.get(s.id)).toMatchObject({
      status: 'cancelled',
      endReason: 'price_declined',
      nextCharge: null,
    });
    await app.emulator().advanceTo(request.changesAt + 10 * DAY);
    expect(await paidAmounts(subscriber)).not.toContain(raised);
  });
});
