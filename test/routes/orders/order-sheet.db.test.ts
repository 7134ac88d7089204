// The order sheet on the server (issue 14, item 3), against a real emulator and database: the
// amount is the catalogue price × quantity plus the shipping fee, decided here whatever the page
// shows; the delivery is stored with the order; the address can become the customer's default.
import { describe, expect, it } from 'vitest';
import { findProduct } from '@/lib/orders/catalogue';
import { findDefaultAddress } from '@/lib/orders/shipping-address';
import { setupAppTest } from '@/test/app-harness';
import { newKey, Shopper } from '@/test/kits/orders';

const app = setupAppTest();

const shipping = {
  recipient: '김하늘',
  phone: '01023456789',
  postcode: '04524',
  address: '서울특별시 중구 세종대로 110',
  addressDetail: '3층',
  note: '문 앞에 놓아 주세요',
};
const PRICE = findProduct('drip-bag-20')?.price ?? 0;

describe('the order sheet', () => {
  it('charges price × quantity plus shipping, stores the delivery and saves the default address', async () => {
    const shopper = await Shopper.withCard();
    const response = await shopper.buyNowRaw({
      productId: 'drip-bag-20',
      idempotencyKey: newKey(),
      quantity: 1,
      shipping,
      saveAddress: true,
    });
    const { order } = await response.json();
    expect(order).toMatchObject({
      status: 'paid',
      amount: PRICE + 3_000,
      quantity: 1,
      shippingFee: 3_000,
      shipping: { ...shipping, phone: '010-2345-6789' },
    });
    const payment = (await app.emulator().payments()).find((p) => p.merchant_uid === order.merchantUid);
    expect(payment?.amount).toBe(PRICE + 3_000);
    expect(await findDefaultAddress(shopper.user.id)).toEqual({
      recipient: '김하늘',
      phone: '010-2345-6789',
      postcode: '04524',
      address: '서울특별시 중구 세종대로 110',
      addressDetail: '3층',
    });
  });

  it('two ship free (over 30,000원); the window is prepared for that amount', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.checkoutRaw({
      productId: 'drip-bag-20',
      idempotencyKey: newKey(),
      quantity: 2,
      shipping,
    });
    const { checkout: start } = await checkout.json();
    expect(start).toMatchObject({ amount: PRICE * 2, name: '드립백 20개입 × 2' });
    expect(await findDefaultAddress(shopper.user.id)).toBeUndefined();
  });

  it('refuses a bad sheet with the fields named, and creates nothing', async () => {
    const shopper = await Shopper.withCard();
    const response = await shopper.buyNowRaw({
      productId: 'drip-bag-20',
      idempotencyKey: newKey(),
      quantity: 11,
      shipping: { ...shipping, phone: '12345', postcode: '' },
    });
    expect(response.status).toBe(400);
    const { error } = await response.json();
    expect(Object.keys(error.fields).sort()).toEqual(['quantity', 'shipping.phone', 'shipping.postcode']);
    expect(await shopper.orders()).toEqual([]);
  });

  it('refuses a 200-character name, or an address, detail or note over 100, with a Korean 400, and changes nothing', async () => {
    const shopper = await Shopper.withCard();
    const paymentsBefore = (await app.emulator().payments()).length;
    const cases = [
      [{ recipient: '가'.repeat(200) }, 'shipping.recipient', '받는 분은 20자까지 입력할 수 있습니다.'],
      [{ address: '가'.repeat(101) }, 'shipping.address', '주소는 100자까지 입력할 수 있습니다.'],
      [{ addressDetail: 'a'.repeat(101) }, 'shipping.addressDetail', '상세 주소는 100자까지 입력할 수 있습니다.'],
      [{ note: '문'.repeat(101) }, 'shipping.note', '배송 요청사항은 100자까지 입력할 수 있습니다.'],
    ] as const;
    for (const [change, field, message] of cases) {
      const body = {
        productId: 'drip-bag-20',
        idempotencyKey: newKey(),
        shipping: { ...shipping, ...change },
        saveAddress: true,
      };
      for (const response of [
        await shopper.buyNowRaw(body),
        await shopper.checkoutRaw({ ...body, idempotencyKey: newKey() }),
      ]) {
        expect(response.status).toBe(400);
        const { error } = await response.json();
        expect(error.fields).toEqual({ [field]: message });
        expect(error.message).toBe(`입력값을 확인해 주세요. ${message}`);
      }
    }
    // At the limit it is taken.
    const atLimit = await shopper.buyNowRaw({
      productId: 'drip-bag-20',
      idempotencyKey: newKey(),
      shipping: { ...shipping, recipient: '가'.repeat(20) },
    });
    expect(atLimit.status).toBe(201);
    expect((await shopper.orders()).map((order) => order.shipping?.recipient)).toEqual(['가'.repeat(20)]);
    expect((await app.emulator().payments()).length).toBe(paymentsBefore + 1);
    expect(await findDefaultAddress(shopper.user.id)).toBeUndefined();
  });

  it('refuses a lone surrogate in the recipient or the address (JSON "\\ud800", which jsonb cannot hold) with a 400, charging nothing', async () => {
    const shopper = await Shopper.withCard();
    const paymentsBefore = (await app.emulator().payments()).length;
    for (const change of [{ recipient: '김\ud800하늘' }, { address: '세종대로 \udc00' }, { note: '\ud83d' }]) {
      const body = { productId: 'drip-bag-20', idempotencyKey: newKey(), shipping: { ...shipping, ...change } };
      for (const response of [
        await shopper.buyNowRaw(body),
        await shopper.checkoutRaw({ ...body, idempotencyKey: newKey() }),
      ]) {
        expect(response.status).toBe(400);
        const { error } = await response.json();
        expect(error.fields).toEqual({ [`shipping.${Object.keys(change)[0]}`]: '허용되지 않는 문자가 있습니다.' });
      }
    }
    expect(await shopper.orders()).toEqual([]);
    expect((await app.emulator().payments()).length).toBe(paymentsBefore);
  });
});
