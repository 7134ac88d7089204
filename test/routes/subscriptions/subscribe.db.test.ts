// Subscribing: the first period charged now with `again`, the next booked at the service; the
// outcome handling and idempotency of one-click purchases; bad requests; the card it depends on.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { periodEnd } from '@/lib/subscriptions/periods';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard } from '@/test/factories';
import { Customer } from '@/test/kits/cards';
import { Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const rowsOf = (userId: string) => app.db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;
const schedulesOf = async (customerUid: string) =>
  (await app.emulator().schedules()).filter((schedule) => schedule.customer_uid === customerUid);
const paymentsFor = async (customerUid: string) =>
  (await app.emulator().payments()).filter((payment) => payment.customer_uid === customerUid && payment.amount > 0);

describe('subscribe', () => {
  it('charges the first month now and books the next charge at the period end', async () => {
    const subscriber = await Subscriber.withCard();
    const now = await app.emulator().now();
    const response = await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: randomUUID() });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.result).toEqual({ status: 'active' });
    const [subscription] = body.subscriptions;
    const end = periodEnd(now, { months: 1 });
    expect(subscription).toMatchObject({
      planName: '월간 원두 정기배송',
      amount: 19_900,
      status: 'active',
      hasAccess: true,
      cancelAtPeriodEnd: false,
      currentPeriodStart: now,
      currentPeriodEnd: end,
      nextCharge: { at: end, amount: 19_900, kind: 'renewal', attempt: 0 },
      card: { label: expect.stringContaining('4242-42**-****-4242') },
    });
    expect(subscription.charges).toMatchObject([
      { kind: 'renewal', status: 'scheduled', scheduleAt: end, periodStart: end },
      { kind: 'first', status: 'paid', periodStart: now, periodEnd: end, settledAt: now },
    ]);

    const [charge] = await app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.kind, 'first'));
    const customerUid = charge?.customerUid ?? '';
    expect(await paymentsFor(customerUid)).toMatchObject([{ status: 'paid', amount: 19_900, channel: 'api' }]);
    expect(await schedulesOf(customerUid)).toMatchObject([
      {
        schedule_at: end,
        amount: 19_900,
        schedule_status: 'scheduled',
        name: '월간 원두 정기배송',
        buyer_email: subscriber.user.email,
      },
    ]);
  });

  it.each([
    // The issuer's 잔액부족 and 정지된 카드, in the customer's words.
    [TEST_CARDS.insufficientBalance, '카드 잔액이 부족합니다'],
    [TEST_CARDS.suspended, '카드사에서 승인을 거절했습니다'],
    [TEST_CARDS.issuerUnreachable, ''],
  ])('a first charge that fails (%s) starts nothing and books nothing', async (cardNumber, reason) => {
    const subscriber = await Subscriber.withCard(cardNumber);
    const response = await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: randomUUID() });
    const body = await response.json();
    expect(body.result).toEqual({ status: 'failed', reason: expect.stringContaining(reason) });
    expect(body.subscriptions).toEqual([]);
    const [row] = await rowsOf(subscriber.user.id);
    expect(row?.status).toBe('failed');
    const [card] = await app.db().query.cards.findMany({ where: (t, { eq: is }) => is(t.userId, subscriber.user.id) });
    expect(await schedulesOf(card?.customerUid ?? '')).toEqual([]);
    // A failed attempt does not block a new one.
    expect((await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: randomUUID() })).status).toBe(201);
  });

  it('the same request twice (a double click, a retry, two tabs) is one subscription and one charge', async () => {
    const subscriber = await Subscriber.withCard();
    const body = { planId: 'monthly-beans', idempotencyKey: randomUUID() };
    const answers = await Promise.all([
      subscriber.subscribeRaw(body),
      subscriber.subscribeRaw(body),
      subscriber.subscribeRaw(body),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    const [row, ...others] = await rowsOf(subscriber.user.id);
    expect(others).toEqual([]);
    const charges = await app
      .db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, row?.id ?? ''));
    expect(charges.filter((charge) => charge.kind === 'first')).toHaveLength(1);
    expect(await paymentsFor(charges[0]?.customerUid ?? '')).toHaveLength(1);
  });

  it('a trial subscribe sent again as it was (a double tap, a retry): answered with the first one, no second', async () => {
    const subscriber = await Subscriber.withCard();
    const offer = await subscriber.offer('tasting-club');
    expect(offer.text.join('\n')).toContain('무료 체험');
    const body = {
      planId: 'tasting-club',
      idempotencyKey: randomUUID(),
      consent: { agreed: true, token: offer.consentToken },
    };
    const first = await subscriber.subscribeRaw(body);
    expect(first.status).toBe(201);
    const { subscriptionId } = (await first.json()) as { subscriptionId: string };
    // The trial is taken now, so its terms are not on offer any more: the same request still answers.
    const again = await subscriber.subscribeRaw(body);
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ subscriptionId, result: { status: 'active' } });
    const both = await Promise.all([subscriber.subscribeRaw(body), subscriber.subscribeRaw(body)]);
    expect(both.map((response) => response.status)).toEqual([200, 200]);
    expect((await rowsOf(subscriber.user.id)).map((row) => row.id)).toEqual([subscriptionId]);
  });

  it('a second subscription to the same plan is refused', async () => {
    const subscriber = await Subscriber.withCard();
    await subscriber.subscribe();
    const response = await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: randomUUID() });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'already_subscribed' });
    expect(await rowsOf(subscriber.user.id)).toHaveLength(1);
  });

  it('without a card: refused, nothing stored', async () => {
    const subscriber = await Subscriber.withoutCard();
    const response = await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: randomUUID() });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'no_card' });
    expect(await rowsOf(subscriber.user.id)).toEqual([]);
  });

  it("another user's card: not found, nothing stored or charged", async () => {
    const subscriber = await Subscriber.withCard();
    const other = await Customer.signUp();
    const foreign = await createTestCard(other.user.id);
    const response = await subscriber.subscribeRaw({
      planId: 'monthly-beans',
      idempotencyKey: randomUUID(),
      cardId: foreign.id,
    });
    expect(response.status).toBe(404);
    expect(await rowsOf(subscriber.user.id)).toEqual([]);
    expect(await paymentsFor(foreign.customerUid)).toEqual([]);
  });

  it.each([
    ['a price from the browser', 400, { planId: 'monthly-beans', idempotencyKey: randomUUID(), amount: 100 }],
    ['an unknown plan', 404, { planId: 'gold-plan', idempotencyKey: randomUUID() }],
    ['no key', 400, { planId: 'monthly-beans' }],
    ['not an object', 400, '"monthly-beans"'],
  ])('%s → %i, nothing stored', async (_, status, body) => {
    const subscriber = await Subscriber.withCard();
    const response = await subscriber.subscribeRaw(body);
    expect(response.status).toBe(status);
    expect(await rowsOf(subscriber.user.id)).toEqual([]);
  });

  it('the card of a live subscription is marked in the cards list and cannot be removed; once cancelled it can', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe();
    expect(await subscriber.customer.cards()).toMatchObject([
      { id: subscription.card.id, subscriptionPlan: '월간 원두 정기배송' },
    ]);
    const response = await subscriber.customer.remove(subscription.card.id);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({
      code: 'card_in_use',
      message: expect.stringContaining('월간 원두 정기배송'),
    });
    expect((await subscriber.cancel(subscription.id)).status).toBe(200);
    // Cancelled at the period's end: it will not be charged again, so it is no longer marked.
    expect(await subscriber.customer.cards()).toMatchObject([{ subscriptionPlan: null }]);
    expect((await subscriber.customer.remove(subscription.card.id)).status).toBe(200);
  });
});
