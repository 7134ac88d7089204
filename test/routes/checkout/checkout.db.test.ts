// Payment-window checkout against a real emulator and database: the window is completed through
// the emulator's control-API shortcut (the same records as the hosted window; the page itself runs
// in e2e/app/orders.spec.ts), then the browser's imp_uid and the service's notices settle the order.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '@/lib/db/schema';
import { findProduct } from '@/lib/orders/catalogue';
import { findOrderByMerchantUid } from '@/lib/orders/orders';
import { setupAppTest } from '@/test/app-harness';
import { deliverNotice, newKey, Shopper } from '@/test/kits/orders';

const app = setupAppTest();

const PRICE = findProduct('ceramic-mug')?.price ?? 0;
const rowsOf = (userId: string) => app.db().select().from(orders).where(eq(orders.userId, userId));
const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string } }).error;
const payment = async (impUid: string) =>
  (await app.emulator().payments()).find((p) => p.imp_uid === impUid) ?? Promise.reject(new Error('no payment'));

describe('payment-window checkout', () => {
  it('creates the order at the catalogue price and pre-registers that amount with the service', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout('ceramic-mug');
    expect(checkout).toEqual({
      api: 'v1',
      merchantUid: expect.stringMatching(/^ord_/),
      pg: 'html5_inicis',
      payMethod: 'card',
      method: 'card',
      name: '도자기 머그컵',
      amount: PRICE,
      buyerName: shopper.user.name,
      buyerEmail: shopper.user.email,
    });
    const prepared = await app.client().payments.getPrepared({ merchant_uid: checkout.merchantUid });
    expect(prepared.amount).toBe(PRICE);
    // Not an order the customer has to see until a payment was attempted.
    expect(await shopper.orders()).toEqual([]);
    // The window refuses another amount for it before opening.
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout, 'approved', 100);
    expect(rsp).toMatchObject({ success: false, error_code: 'AMOUNT_MISMATCH' });
  });

  it('paid in the window: the server reads the payment and marks the order paid', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout);
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(200);
    const { order } = await response.json();
    expect(order).toMatchObject({
      merchantUid: checkout.merchantUid,
      method: 'window',
      status: 'paid',
      amount: PRICE,
      cardLabel: expect.stringContaining('4242'),
      receiptUrl: expect.stringMatching(/^http/),
    });
    expect(await shopper.orders()).toEqual([order]);
  });

  it('declined in the window: the order fails with the issuer reason in plain words (raw kept in the record)', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout, 'insufficientBalance');
    expect(rsp.success).toBe(false);
    const { order } = await (await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid })).json();
    expect(order).toMatchObject({ status: 'failed', failReason: expect.stringContaining('카드 잔액이 부족합니다') });
    expect((await findOrderByMerchantUid(checkout.merchantUid))?.failReason).toBe('잔액부족');
  });

  it('a tampered amount is refunded in full and the order says why — once, however often it is reported', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    // Stands in for a provider that ignored the pre-registered amount: only the service's own PUT
    // can change it, so the test makes that call the browser never could.
    await app.emulator().rest('PUT', '/payments/prepare', { merchant_uid: checkout.merchantUid, amount: 100 });
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout, 'approved', 100);
    expect(rsp.success).toBe(true);
    const notice = { imp_uid: rsp.imp_uid ?? '', merchant_uid: checkout.merchantUid, status: 'paid' };

    const [viaBrowser, viaNotice] = await Promise.all([
      shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid }),
      deliverNotice(notice),
    ]);
    expect(viaBrowser.status).toBe(200);
    expect(viaNotice.status).toBe(200);
    await deliverNotice(notice);
    expect(await shopper.orders()).toMatchObject([
      { status: 'refunded', failReason: expect.stringContaining('주문 금액'), amount: PRICE },
    ]);
    const record = await payment(notice.imp_uid);
    expect(record).toMatchObject({ status: 'cancelled', cancel_amount: 100 });
    expect(record.cancel_history).toHaveLength(1);
  });

  it.each([
    ['before', ['notice', 'browser', 'notice']],
    ['after', ['browser', 'notice', 'notice']],
  ] as const)('the notice arriving %s the browser, and twice, settles the order once', async (_, sequence) => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout);
    const impUid = rsp.imp_uid ?? '';
    const outcomes: unknown[] = [];
    for (const step of sequence) {
      if (step === 'notice') {
        outcomes.push(
          (await (await deliverNotice({ imp_uid: impUid, merchant_uid: checkout.merchantUid, status: 'paid' })).json())
            .outcome,
        );
      } else {
        outcomes.push(
          (await (await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: impUid })).json()).order.status,
        );
      }
    }
    expect(outcomes).toEqual(sequence.map((s) => (s === 'notice' ? 'order paid' : 'paid')));
    const [row] = await rowsOf(shopper.user.id);
    expect(row).toMatchObject({ status: 'paid', impUid });
    expect((await payment(impUid)).status).toBe('paid');
  });

  it("another order's payment is refused and changes nothing", async () => {
    const shopper = await Shopper.signUp();
    const mine = await shopper.startCheckout();
    const other = await shopper.startCheckout();
    const { rsp } = await shopper.payInWindow(app.emulator(), other);
    const response = await shopper.verify({ merchant_uid: mine.merchantUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({ code: 'payment_mismatch' });
    const row = (await rowsOf(shopper.user.id)).find((o) => o.merchantUid === mine.merchantUid);
    expect(row).toMatchObject({ status: 'created', impUid: null });
  });

  it("another user's order is not found", async () => {
    const owner = await Shopper.signUp();
    const thief = await Shopper.signUp();
    const checkout = await owner.startCheckout();
    const { rsp } = await owner.payInWindow(app.emulator(), checkout);
    const response = await thief.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(404);
    expect(await errorOf(response)).toMatchObject({ code: 'order_not_found' });
    expect(await thief.orders()).toEqual([]);
    expect(await rowsOf(owner.user.id)).toMatchObject([{ status: 'created' }]);
  });

  it('the same start twice is one order; once paid, its key opens no new window', async () => {
    const shopper = await Shopper.signUp();
    const key = newKey();
    const first = await shopper.startCheckout('ceramic-mug', key);
    expect(await shopper.startCheckout('ceramic-mug', key)).toEqual(first);
    const { rsp } = await shopper.payInWindow(app.emulator(), first);
    await shopper.verify({ merchant_uid: first.merchantUid, imp_uid: rsp.imp_uid });
    const response = await shopper.checkoutRaw({ productId: 'ceramic-mug', idempotencyKey: key });
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toMatchObject({ code: 'order_closed' });
    expect(await rowsOf(shopper.user.id)).toHaveLength(1);
  });

  it('the service unreachable when the browser returns: 503, the order shows pending, and a later look settles it', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout);
    await app.emulator().injectFault({ method: 'GET', path: '/payments/*', action: '503', count: 3 });
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({ code: 'service_unavailable' });
    expect((await rowsOf(shopper.user.id))[0]?.status).toBe('pending');
    await app.emulator().clearFaults();
    expect(await shopper.orders()).toMatchObject([{ status: 'paid', merchantUid: checkout.merchantUid }]);
  });

  it.each([
    ['a price from the browser', 400, { productId: 'ceramic-mug', idempotencyKey: newKey(), amount: 1 }],
    ['an unknown product', 404, { productId: 'gold-bar', idempotencyKey: newKey() }],
    ['no key', 400, { productId: 'ceramic-mug' }],
  ])('start with %s → %i, nothing stored', async (_, status, body) => {
    const shopper = await Shopper.signUp();
    const response = await shopper.checkoutRaw(body);
    expect(response.status).toBe(status);
    expect(await rowsOf(shopper.user.id)).toEqual([]);
  });

  it.each([
    ['no imp_uid', (m: string) => ({ merchant_uid: m })],
    ['a malformed imp_uid', (m: string) => ({ merchant_uid: m, imp_uid: "imp_1' or 1=1" })],
    ['an unknown imp_uid', (m: string) => ({ merchant_uid: m, imp_uid: 'imp_000000000000' })],
    ['extra fields', (m: string) => ({ merchant_uid: m, imp_uid: 'imp_000000000000', amount: 1 })],
  ])('verify with %s → 4xx, the order unchanged', async (_, body) => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    const response = await shopper.verify(body(checkout.merchantUid));
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(await rowsOf(shopper.user.id)).toMatchObject([{ status: 'created', impUid: null }]);
  });
});
