// Issue 37: the payment window on PortOne V2 (PORTONE_API=v2). The server answers V2's window
// params (paymentId = our merchant_uid, its amount pre-registered so a window for another amount
// is refused), the browser reports { merchant_uid, paymentId }, and the service's record — never
// the browser — settles the order; methods V2 does not take here answer 409.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WALLET_PHONES } from '@/emulator/core/service/wallets';
import { getDb } from '@/lib/db';
import { orders } from '@/lib/db/schema';
import { env } from '@/lib/env';
import type { CheckoutAnswer } from '@/lib/orders/order-view';
import { providerFor } from '@/lib/provider';
import { setupAppTest } from '@/test/app-harness';
import { newKey, Shopper } from '@/test/kits/orders';
import { cardMeans, onApi, payInV2Window } from '@/test/kits/v2';

const app = setupAppTest();
onApi('v2');

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

async function startV2(shopper: Shopper, payMethod = 'card') {
  const response = await shopper.checkoutRaw({ productId: 'ceramic-mug', idempotencyKey: newKey(), payMethod });
  expect(response.status).toBe(200);
  const { checkout } = (await response.json()) as { checkout: CheckoutAnswer };
  if (checkout.api !== 'v2') throw new Error('expected a V2 checkout');
  return checkout;
}

describe('window checkout on V2', () => {
  it('answers the V2 window, and the paid record settles the order (api v2)', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await startV2(shopper);
    expect(checkout).toMatchObject({
      api: 'v2',
      storeId: env.PORTONE_STORE_ID,
      channelKey: env.PORTONE_CHANNEL_KEY,
      paymentId: checkout.merchantUid,
      totalAmount: checkout.amount,
      currency: 'KRW',
      payMethod: 'CARD',
      scriptUrl: expect.stringMatching(/\/v2\/browser-sdk\.js$/),
    });
    const paid = payInV2Window(app.emulator(), checkout);
    expect(paid.status).toBe('PAID');
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, paymentId: checkout.paymentId });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { order: { status: string } }).order.status).toBe('paid');
    const [row] = await (await getDb()).select().from(orders).where(eq(orders.merchantUid, checkout.merchantUid));
    expect(row).toMatchObject({ api: 'v2', status: 'paid', impUid: checkout.merchantUid, amount: checkout.amount });
  });

  it('a window for another amount is refused by the service: nothing paid, the order stays open', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await startV2(shopper);
    expect(() => payInV2Window(app.emulator(), { ...checkout, totalAmount: checkout.totalAmount - 1000 })).toThrow();
    await expect(providerFor('v2').readPayment(checkout.paymentId)).rejects.toThrow();
  });

  it("another order's payment, or a V1 body, is not this order's", async () => {
    const shopper = await Shopper.signUp();
    const first = await startV2(shopper);
    const second = await startV2(shopper);
    payInV2Window(app.emulator(), first);
    const foreign = await shopper.verify({ merchant_uid: second.merchantUid, paymentId: first.paymentId });
    expect(await errorCode(foreign)).toBe('payment_mismatch');
    const v1Body = await shopper.verify({ merchant_uid: second.merchantUid, imp_uid: 'imp_123456789012' });
    expect(await errorCode(v1Body)).toBe('payment_mismatch');
  });

  it('KakaoPay pays on the easy-pay channel; 가상계좌 is refused on V2 (409)', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await startV2(shopper, 'kakaopay');
    expect(checkout).toMatchObject({
      payMethod: 'EASY_PAY',
      channelKey: env.PORTONE_EASY_PAY_CHANNEL_KEY,
      easyPay: { easyPayProvider: 'KAKAOPAY' },
    });
    payInV2Window(app.emulator(), checkout, { phone: WALLET_PHONES.approved });
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, paymentId: checkout.paymentId });
    expect(((await response.json()) as { order: { status: string } }).order.status).toBe('paid');

    const vbank = await shopper.checkoutRaw({ productId: 'ceramic-mug', idempotencyKey: newKey(), payMethod: 'vbank' });
    expect(vbank.status).toBe(409);
    expect(await errorCode(vbank)).toBe('method_unavailable');
  });

  it('a declined card fails the order with the reason, from the record', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await startV2(shopper);
    payInV2Window(app.emulator(), checkout, cardMeans('insufficientBalance'));
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, paymentId: checkout.paymentId });
    expect(((await response.json()) as { order: { status: string } }).order.status).toBe('failed');
  });
});
