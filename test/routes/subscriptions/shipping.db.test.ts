// Subscriptions that ship (issue 25.4): a goods plan (the coffee) asks for a delivery address at
// subscription — the order sheet's fields and limits — and keeps it on the subscription; only its
// owner changes it, while it is live; bad input is refused with a Korean message and changes nothing.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptions } from '@/lib/db/schema';
import { Subscriber, setupSubscriptionTest, TEST_SHIPPING } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const rowsOf = (userId: string) => app.db().select().from(subscriptions).where(eq(subscriptions.userId, userId));
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;
const paymentsOf = async (email: string) =>
  (await app.emulator().payments()).filter((payment) => payment.buyer_email === email);
const listed = async (response: Response, id: string) =>
  ((await response.json()) as { subscriptions: { id: string; shipping: unknown }[] }).subscriptions.find(
    (s) => s.id === id,
  );

const ELSEWHERE = {
  recipient: '박받음',
  phone: '01098765432',
  postcode: '06236',
  address: '서울특별시 강남구 테헤란로 152',
  addressDetail: '12층',
  note: '경비실에 맡겨 주세요',
};

describe('subscribing to goods: the delivery address', () => {
  it.each(['monthly-beans', 'tasting-club'])(
    '%s without an address: 400 in Korean, nothing stored or charged',
    async (planId) => {
      const subscriber = await Subscriber.withCard();
      // `shipping: undefined` is left out of the JSON: the request has no address (the kit adds none).
      const response = await subscriber.subscribeRaw({ planId, idempotencyKey: randomUUID(), shipping: undefined });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: 'shipping_required',
        message: expect.stringContaining('배송지'),
      });
      expect(await rowsOf(subscriber.user.id)).toEqual([]);
      expect(await paymentsOf(subscriber.user.email)).toEqual([]);
    },
  );

  it.each([
    ['a 21-character recipient', { ...TEST_SHIPPING, recipient: '가'.repeat(21) }, '받는 분은 20자까지'],
    ['a phone that is not a mobile number', { ...TEST_SHIPPING, phone: '02-123-4567' }, '휴대폰 번호'],
    ['a 4-digit postcode', { ...TEST_SHIPPING, postcode: '1234' }, '우편번호 5자리'],
    ['a 101-character address', { ...TEST_SHIPPING, address: '가'.repeat(101) }, '주소는 100자까지'],
    ['an empty recipient', { ...TEST_SHIPPING, recipient: '  ' }, '받는 분'],
    ['an unknown field', { ...TEST_SHIPPING, company: 'x' }, ''],
  ])('%s: 400, nothing stored or charged', async (_, shipping, words) => {
    const subscriber = await Subscriber.withCard();
    const response = await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: randomUUID(), shipping });
    expect(response.status).toBe(400);
    // The field's own Korean message, as the order sheet shows it beside the field.
    expect(JSON.stringify(await errorOf(response))).toContain(words);
    expect(await rowsOf(subscriber.user.id)).toEqual([]);
    expect(await paymentsOf(subscriber.user.email)).toEqual([]);
  });

  it('with an address: kept on the subscription (phone in the 010-1234-5678 form) and shown on the page', async () => {
    const subscriber = await Subscriber.withCard();
    const response = await subscriber.subscribeRaw({
      planId: 'monthly-beans',
      idempotencyKey: randomUUID(),
      shipping: ELSEWHERE,
    });
    expect(response.status).toBe(201);
    const expected = { ...ELSEWHERE, phone: '010-9876-5432' };
    const [row] = await rowsOf(subscriber.user.id);
    expect(row?.shipping).toEqual(expected);
    expect(await subscriber.get(row?.id ?? '')).toMatchObject({ planKind: 'goods', shipping: expected });
  });

  it('a trial of goods keeps the address too', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('tasting-club');
    expect(subscription).toMatchObject({ planKind: 'goods', shipping: TEST_SHIPPING, trialEndsAt: expect.any(Number) });
  });

  it('a service plan keeps no address, even when one is sent (nothing is delivered)', async () => {
    const subscriber = await Subscriber.withCard();
    const response = await subscriber.subscribeRaw({
      planId: 'hourly-demo',
      idempotencyKey: randomUUID(),
      shipping: TEST_SHIPPING,
    });
    expect(response.status).toBe(201);
    const [row] = await rowsOf(subscriber.user.id);
    expect(row?.shipping).toBeNull();
    expect(await subscriber.get(row?.id ?? '')).toMatchObject({ planKind: 'service', shipping: null });
  });
});

describe('the terms shown before subscribing', () => {
  it('a goods plan says a paid period is not refunded and its box ships anyway; a service plan offers the unused part back', async () => {
    const subscriber = await Subscriber.withCard();
    const goods = (await subscriber.offer('monthly-beans')).text.join('\n');
    expect(goods).toContain('해지해도 결제된 회차의 상자는 그대로 보내 드리고 그 회차는 환불되지 않습니다');
    expect(goods).not.toContain('체험 상자');
    expect(goods).not.toContain('남은 기간만큼 환불');
    expect((await subscriber.offer('hourly-demo')).text.join('\n')).toContain('남은 기간만큼 환불받을 수 있습니다');
  });
});

describe('changing the delivery address later', () => {
  it('the owner changes it: stored and listed', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('monthly-beans');
    const response = await subscriber.changeShipping(subscription.id, ELSEWHERE);
    expect(response.status).toBe(200);
    const expected = { ...ELSEWHERE, phone: '010-9876-5432' };
    expect(await listed(response, subscription.id)).toMatchObject({ shipping: expected });
    const [row] = await rowsOf(subscriber.user.id);
    expect(row?.shipping).toEqual(expected);
  });

  it("another customer's subscription: 404, unchanged", async () => {
    const owner = await Subscriber.withCard();
    const other = await Subscriber.withCard();
    const subscription = await owner.subscribe('monthly-beans');
    const response = await other.changeShipping(subscription.id, ELSEWHERE);
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'subscription_not_found' });
    expect((await rowsOf(owner.user.id))[0]?.shipping).toEqual(TEST_SHIPPING);
  });

  it.each([
    ['a 21-character recipient', { ...TEST_SHIPPING, recipient: '가'.repeat(21) }],
    ['a 101-character address detail', { ...TEST_SHIPPING, addressDetail: '가'.repeat(101) }],
    ['a 101-character note', { ...TEST_SHIPPING, note: '가'.repeat(101) }],
    ['a bad phone', { ...TEST_SHIPPING, phone: '1234' }],
    ['no address at all', undefined],
    ['a string', 'somewhere'],
  ])('%s: 400 in Korean, unchanged', async (_, shipping) => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('monthly-beans');
    const response = await subscriber.changeShipping(subscription.id, shipping);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).message).toMatch(/[가-힣]/);
    expect((await rowsOf(subscriber.user.id))[0]?.shipping).toEqual(TEST_SHIPPING);
  });

  it('a service plan has no address to change: 409', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('hourly-demo');
    const response = await subscriber.changeShipping(subscription.id, ELSEWHERE);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'not_goods' });
    expect((await rowsOf(subscriber.user.id))[0]?.shipping).toBeNull();
  });

  it('an ended subscription: 409, unchanged', async () => {
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('monthly-beans');
    expect((await subscriber.cancelNow(subscription.id)).status).toBe(200);
    const response = await subscriber.changeShipping(subscription.id, ELSEWHERE);
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'shipping_not_changeable' });
    expect((await rowsOf(subscriber.user.id))[0]?.shipping).toEqual(TEST_SHIPPING);
  });
});
