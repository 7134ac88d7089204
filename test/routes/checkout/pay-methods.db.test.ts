// The method chosen on the order sheet (issue 36): the checkout route takes it, answers the window's
// pg, pay_method and (가상계좌) deadline, and the order keeps it. Windows are completed through the
// emulator's control-API shortcut (the hosted windows per method run in e2e/app/pay-methods.spec.ts).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vbankDueParam } from '@/lib/browser/payment-window';
import { orders } from '@/lib/db/schema';
import { lastPayMethod } from '@/lib/orders/last-pay-method';
import type { CheckoutStart, OrderSummary } from '@/lib/orders/order-view';
import type { CheckoutMethod } from '@/lib/payments/client';
import { setupAppTest } from '@/test/app-harness';
import { newKey, Shopper } from '@/test/kits/orders';

const app = setupAppTest();

const rowsOf = (userId: string) => app.db().select().from(orders).where(eq(orders.userId, userId));
const start = async (shopper: Shopper, payMethod: unknown, idempotencyKey = newKey()) =>
  shopper.checkoutRaw({ productId: 'ceramic-mug', idempotencyKey, payMethod });
const checkoutOf = async (response: Response) => ((await response.json()) as { checkout: CheckoutStart }).checkout;

/** The 가상계좌 window as the page opens it: the server's deadline in V1's form, a bank chosen. */
function issueVbank(checkout: CheckoutStart) {
  return app.emulator().completeWindowPayment({
    pg: checkout.pg,
    pay_method: checkout.payMethod,
    vbank_due: vbankDueParam(checkout.vbankDue ?? 0),
    vbank_code: '004',
    merchant_uid: checkout.merchantUid,
    amount: checkout.amount,
    name: checkout.name,
  });
}

async function verified(shopper: Shopper, checkout: CheckoutStart, impUid: string | null | undefined) {
  const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: impUid });
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: OrderSummary }).order;
}

describe('checkout with a chosen method', () => {
  it.each([
    ['card', 'html5_inicis', 'card'],
    ['kakaopay', 'kakaopay', 'card'],
    ['naverpay', 'naverpay', 'card'],
    ['tosspay', 'tosspay', 'card'],
    ['trans', 'html5_inicis', 'trans'],
    ['phone', 'danal', 'phone'],
  ] as const)(
    '%s: the window opens with pg %s and pay_method %s, and the order keeps the choice',
    async (method, pg, payMethod) => {
      const shopper = await Shopper.signUp();
      const response = await start(shopper, method);
      expect(response.status).toBe(200);
      const checkout = await checkoutOf(response);
      expect(checkout).toMatchObject({ pg, payMethod, method });
      expect(checkout.vbankDue).toBeUndefined();
      expect(await rowsOf(shopper.user.id)).toMatchObject([{ payMethod: method, status: 'created' }]);
    },
  );

  it('가상계좌: the window gets a deadline three days ahead on the service clock', async () => {
    const shopper = await Shopper.signUp();
    const before = await app.emulator().now();
    const checkout = await checkoutOf(await start(shopper, 'vbank'));
    expect(checkout).toMatchObject({ pg: 'html5_inicis', payMethod: 'vbank', method: 'vbank' });
    expect(checkout.vbankDue).toBeGreaterThanOrEqual(before + 3 * 86_400);
    expect(checkout.vbankDue).toBeLessThan((await app.emulator().now()) + 3 * 86_400 + 60);
  });

  it.each([
    ['a method the order sheet does not offer', 'cvs'],
    ['an unknown method', 'bitcoin'],
    ['a method that is not a string', 7],
    ['an empty method', ''],
  ])('%s is refused with the methods named, and no order is opened', async (_, payMethod) => {
    const shopper = await Shopper.signUp();
    const response = await start(shopper, payMethod);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: { code: string; message: string; fields: object } };
    expect(error.message).toContain('결제 수단은 신용·체크카드, 카카오페이, 네이버페이, 토스페이, 가상계좌');
    expect(error.fields).toHaveProperty('payMethod');
    expect(await rowsOf(shopper.user.id)).toEqual([]);
  });

  it('without a method the window is a card (pages from before the choice)', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await checkoutOf(
      await shopper.checkoutRaw({ productId: 'ceramic-mug', idempotencyKey: newKey() }),
    );
    expect(checkout).toMatchObject({ pg: 'html5_inicis', payMethod: 'card', method: 'card' });
  });

  it("one attempt's key is one method: another method with it is refused (the page starts a new attempt)", async () => {
    const shopper = await Shopper.signUp();
    const key = newKey();
    await start(shopper, 'card', key);
    const again = await start(shopper, 'kakaopay', key);
    expect(again.status).toBe(422);
    expect(((await again.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_reused');
    expect(await rowsOf(shopper.user.id)).toMatchObject([{ payMethod: 'card' }]);
  });

  it('가상계좌 issued in the window: the order waits for the deposit (awaiting) with the account and its deadline', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await checkoutOf(await start(shopper, 'vbank'));
    const { rsp, payment } = await issueVbank(checkout);
    expect(rsp.success).toBe(true);
    expect(payment).toMatchObject({ status: 'ready', pay_method: 'vbank' });
    const order = await verified(shopper, checkout, rsp.imp_uid);
    // The deadline as the window took it: V1's vbank_due has minutes, not seconds.
    const due = Math.floor((checkout.vbankDue ?? 0) / 60) * 60;
    expect(order).toMatchObject({
      status: 'awaiting',
      payMethod: 'vbank',
      amount: checkout.amount,
      vbank: { bankName: 'KB국민은행', accountNumber: payment?.vbank_num, holder: expect.any(String), due },
    });
    expect(payment?.vbank_date).toBe(due);
  });

  it('실시간 계좌이체 paid in the window: the order is paid and says so', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await checkoutOf(await start(shopper, 'trans'));
    const { rsp } = await app.emulator().completeWindowPayment({
      pg: checkout.pg,
      pay_method: checkout.payMethod,
      merchant_uid: checkout.merchantUid,
      amount: checkout.amount,
      name: checkout.name,
    });
    expect(await verified(shopper, checkout, rsp.imp_uid)).toMatchObject({ status: 'paid', payMethod: 'trans' });
  });
});

describe('the method used last', () => {
  async function payWith(shopper: Shopper, method: CheckoutMethod) {
    const checkout = await checkoutOf(await start(shopper, method));
    if (method === 'vbank') return verified(shopper, checkout, (await issueVbank(checkout)).rsp.imp_uid);
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout);
    return verified(shopper, checkout, rsp.imp_uid);
  }

  it('is none before any payment, and a window opened but never paid is none either', async () => {
    const shopper = await Shopper.signUp();
    expect(await lastPayMethod(shopper.user.id)).toBeUndefined();
    await start(shopper, 'phone');
    expect(await lastPayMethod(shopper.user.id)).toBeUndefined();
  });

  it('is the newest order that reached payment: a 가상계좌 issued counts, a declined card does not', async () => {
    const shopper = await Shopper.signUp();
    await payWith(shopper, 'card');
    expect(await lastPayMethod(shopper.user.id)).toBe('card');
    expect(await payWith(shopper, 'vbank')).toMatchObject({ status: 'awaiting' });
    expect(await lastPayMethod(shopper.user.id)).toBe('vbank');

    const declined = await checkoutOf(await start(shopper, 'card'));
    const { rsp } = await shopper.payInWindow(app.emulator(), declined, 'insufficientBalance');
    expect(await verified(shopper, declined, rsp.imp_uid)).toMatchObject({ status: 'failed' });
    expect(await lastPayMethod(shopper.user.id)).toBe('vbank');
  });

  it("is this customer's own", async () => {
    const one = await Shopper.signUp();
    const other = await Shopper.signUp();
    await payWith(one, 'vbank');
    expect(await lastPayMethod(other.user.id)).toBeUndefined();
  });
});
