// One-click purchase against a real emulator and database: every test card, the idempotency rules,
// lost answers, and bad requests.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as buyNowRoute } from '@/app/api/orders/buy-now/route';
import { orders } from '@/lib/db/schema';
import { findProduct } from '@/lib/orders/catalogue';
import { setupAppTest } from '@/test/app-harness';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard, pageRequest } from '@/test/factories';
import { deliverNotice, newKey, Shopper } from '@/test/kits/orders';
import { withAnswersLost } from '@/test/lossy-client';

const app = setupAppTest();

const PRODUCT = 'drip-bag-20';
const PRICE = findProduct(PRODUCT)?.price ?? 0;

const paymentsOf = async (merchantUid: string) =>
  (await app.emulator().payments()).filter((payment) => payment.merchant_uid === merchantUid);
const rowsOf = (userId: string) => app.db().select().from(orders).where(eq(orders.userId, userId));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error;

describe('one-click purchase', () => {
  it('4242: the order is paid at the catalogue price, with the card and a receipt', async () => {
    const shopper = await Shopper.withCard(TEST_CARDS.approved);
    const response = await shopper.buyNowRaw({ productId: PRODUCT, idempotencyKey: newKey() });
    expect(response.status).toBe(201);
    const { order } = await response.json();
    expect(order).toMatchObject({
      productName: '드립백 20개입',
      amount: PRICE,
      method: 'billing_key',
      status: 'paid',
      cardLabel: expect.stringContaining('4242-42**-****-4242'),
      receiptUrl: expect.stringMatching(/^http/),
      failReason: null,
    });
    const [payment, ...others] = await paymentsOf(order.merchantUid);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({ status: 'paid', amount: PRICE, channel: 'api', customer_uid_usage: 'payment' });
    expect(order.paidAt).toBe(payment?.paid_at);
    expect(await shopper.orders()).toEqual([order]);
  });

  it.each([
    [TEST_CARDS.insufficientBalance, '잔액부족', '카드 잔액이 부족합니다'],
    [TEST_CARDS.limitExceeded, '한도초과', '카드 한도를 초과했습니다'],
    [TEST_CARDS.suspended, '정지된 카드', '카드사에서 승인을 거절했습니다'],
  ])('%s: the order fails with the issuer reason, in plain words (raw kept)', async (cardNumber, raw, words) => {
    const shopper = await Shopper.withCard(cardNumber);
    const order = await shopper.buyNow(PRODUCT);
    expect(order).toMatchObject({ status: 'failed', failReason: expect.stringContaining(words), receiptUrl: null });
    expect((await app.db().query.orders.findFirst({ where: eq(orders.id, order.id) }))?.failReason).toBe(raw);
    expect((await paymentsOf(order.merchantUid)).map((p) => p.status)).toEqual(['failed']);
  });

  it('0341: the first purchase is paid, the next one fails (한도초과)', async () => {
    const shopper = await Shopper.withCard(TEST_CARDS.firstChargeOnly);
    expect((await shopper.buyNow()).status).toBe('paid');
    expect(await shopper.buyNow()).toMatchObject({
      status: 'failed',
      failReason: expect.stringContaining('카드 한도를 초과했습니다'),
    });
  });

  it('0119 issuer unreachable: the order fails after the lookup finds nothing charged', async () => {
    const shopper = await Shopper.withCard(TEST_CARDS.issuerUnreachable);
    const order = await shopper.buyNow();
    expect(order.status).toBe('failed');
    expect(order.failReason).toBeTruthy();
    expect(await paymentsOf(order.merchantUid)).toEqual([]);
  });

  it('the same request twice (a double click, a retry) is one order and one charge', async () => {
    const shopper = await Shopper.withCard();
    const key = newKey();
    const first = await shopper.buyNowRaw({ productId: PRODUCT, idempotencyKey: key });
    const again = await shopper.buyNowRaw({ productId: PRODUCT, idempotencyKey: key });
    expect([first.status, again.status]).toEqual([201, 200]);
    const [a, b] = [(await first.json()).order, (await again.json()).order];
    expect(b).toEqual(a);
    expect(await paymentsOf(a.merchantUid)).toHaveLength(1);
    expect(await rowsOf(shopper.user.id)).toHaveLength(1);
  });

  it('five concurrent requests with one key (two tabs) charge once', async () => {
    const shopper = await Shopper.withCard();
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => shopper.buyNowRaw({ productId: PRODUCT, idempotencyKey: key })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    const rows = await rowsOf(shopper.user.id);
    expect(rows).toHaveLength(1);
    const paid = (await app.emulator().payments()).filter(
      (p) => p.customer_uid && p.merchant_uid === rows[0]?.merchantUid,
    );
    expect(paid).toHaveLength(1);
    // Once the charge's answer is in, every view of the order agrees.
    expect((await shopper.orders()).map((o) => o.status)).toEqual(['paid']);
  });

  it('a key used for another product is refused and charges nothing more', async () => {
    const shopper = await Shopper.withCard();
    const key = newKey();
    await shopper.buyNow(PRODUCT, key);
    const response = await shopper.buyNowRaw({ productId: 'ceramic-mug', idempotencyKey: key });
    expect(response.status).toBe(422);
    expect(await errorOf(response)).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await rowsOf(shopper.user.id)).toHaveLength(1);
  });

  it('a hung charge leaves the order pending, uncharged; it fails once the charge can no longer arrive, and a new purchase works', async () => {
    const shopper = await Shopper.withCard();
    await app.emulator().injectFault({ method: 'POST', path: '/subscribe/payments/again', action: 'hang' });
    const order = await shopper.buyNow();
    expect(order.status).toBe('pending');
    expect(await paymentsOf(order.merchantUid)).toEqual([]);
    // Still pending while a late charge could land; the list looks it up and leaves it.
    expect((await shopper.orders()).map((o) => o.status)).toEqual(['pending']);
    await app
      .db()
      .update(orders)
      .set({ updatedAt: new Date(Date.now() - 3 * 60_000) })
      .where(eq(orders.id, order.id));
    expect(await shopper.orders()).toMatchObject([
      { status: 'failed', failReason: expect.stringContaining('다시 시도') },
    ]);
    expect((await shopper.buyNow()).status).toBe('paid');
    expect(await paymentsOf(order.merchantUid)).toEqual([]);
  });

  it('a charge made whose answer is lost is found paid by its merchant_uid, charged once', async () => {
    const shopper = await Shopper.withCard();
    const order = await withAnswersLost(app, 'POST /subscribe/payments/again', () => shopper.buyNow());
    expect(order.status).toBe('paid');
    expect(await paymentsOf(order.merchantUid)).toHaveLength(1);
  });

  it('the payment notice delivered after the answer, twice, changes nothing', async () => {
    const shopper = await Shopper.withCard();
    const order = await shopper.buyNow();
    const [payment] = await paymentsOf(order.merchantUid);
    if (!payment) throw new Error('no payment');
    for (let i = 0; i < 2; i++) {
      const response = await deliverNotice({
        imp_uid: payment.imp_uid,
        merchant_uid: order.merchantUid,
        status: 'paid',
      });
      expect(await response.json()).toMatchObject({ outcome: 'order paid' });
    }
    expect(await shopper.orders()).toEqual([order]);
  });

  it('no saved card: refused, nothing stored or charged', async () => {
    const shopper = await Shopper.signUp();
    const response = await shopper.buyNowRaw({ productId: PRODUCT, idempotencyKey: newKey() });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'no_card' });
    expect(await rowsOf(shopper.user.id)).toEqual([]);
  });

  it("another user's card id is not found: nothing stored or charged", async () => {
    const shopper = await Shopper.withCard();
    const other = await Shopper.signUp();
    const othersCard = await createTestCard(other.user.id);
    const before = (await app.emulator().payments()).length;
    const response = await shopper.buyNowRaw({ productId: PRODUCT, idempotencyKey: newKey(), cardId: othersCard.id });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'card_not_found' });
    expect(await rowsOf(shopper.user.id)).toEqual([]);
    expect((await app.emulator().payments()).length).toBe(before);
  });

  it.each([
    ['a price from the browser', 400, { productId: PRODUCT, idempotencyKey: newKey(), amount: 1 }],
    ['no idempotency key', 400, { productId: PRODUCT }],
    ['a short key', 400, { productId: PRODUCT, idempotencyKey: 'abc' }],
    ['an unknown product', 404, { productId: 'gold-bar', idempotencyKey: newKey() }],
    ['not JSON', 400, '{oops'],
  ])('%s → %i, nothing stored or charged', async (_, status, body) => {
    const shopper = await Shopper.withCard();
    const before = (await app.emulator().payments()).length;
    const response = await shopper.buyNowRaw(body);
    expect(response.status).toBe(status);
    expect(await errorOf(response)).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect(await rowsOf(shopper.user.id)).toEqual([]);
    expect((await app.emulator().payments()).length).toBe(before);
  });

  it('signed out → 401; from another site → 403', async () => {
    const body = { productId: PRODUCT, idempotencyKey: newKey() };
    expect((await buyNowRoute(pageRequest('/api/orders/buy-now', { method: 'POST', body }), {})).status).toBe(401);
    const shopper = await Shopper.withCard();
    const { cookie } = shopper.customer;
    const foreign = pageRequest('/api/orders/buy-now', { method: 'POST', body, cookie, origin: 'http://evil.example' });
    expect((await buyNowRoute(foreign, {})).status).toBe(403);
    expect(await rowsOf(shopper.user.id)).toEqual([]);
  });
});
