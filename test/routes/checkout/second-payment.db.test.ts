// Issue 12, scenario 5: an order is paid by one payment. A second paid payment for an order
// already settled (a window replayed after a refund, two windows for one order) buys nothing and
// is refunded in full — from the browser's return and from the notice alike.
import { describe, expect, it } from 'vitest';
import { setupAppTest } from '@/test/app-harness';
import { deliverNotice, Shopper } from '@/test/kits/orders';

const app = setupAppTest();

const kept = async (merchantUid: string) =>
  (await app.emulator().payments()).filter((p) => p.merchant_uid === merchantUid && p.amount > p.cancel_amount);

async function paidThenRefunded() {
  const shopper = await Shopper.signUp();
  const checkout = await shopper.startCheckout();
  const { rsp: first } = await shopper.payInWindow(app.emulator(), checkout);
  const firstUid = first.imp_uid ?? '';
  expect((await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: firstUid })).status).toBe(200);
  // Refunded from the merchant's console; the notice tells the app.
  await app.client().payments.cancel({ imp_uid: firstUid, reason: '고객 요청' });
  await deliverNotice({ imp_uid: firstUid, merchant_uid: checkout.merchantUid, status: 'cancelled' });
  expect((await shopper.orders())[0]?.status).toBe('refunded');
  // The window is opened again for the same order, and paid.
  const { rsp: second } = await shopper.payInWindow(app.emulator(), checkout);
  expect(second.success).toBe(true);
  return { shopper, checkout, first: first.imp_uid ?? '', second: second.imp_uid ?? '' };
}

describe('scenario 5: a second paid payment for an order already paid or refunded', () => {
  it('verified from the browser: refunded in full, the order stays as it was', async () => {
    const { shopper, checkout, first, second } = await paidThenRefunded();
    const response = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: second });
    expect((await response.json()).order).toMatchObject({ status: 'refunded' });
    expect(await kept(checkout.merchantUid)).toEqual([]);
    expect(
      (await app.db().query.orders.findFirst({ where: (t, { eq }) => eq(t.merchantUid, checkout.merchantUid) }))
        ?.impUid,
    ).toBe(first);
  });

  it('heard only from its notice: refunded in full', async () => {
    const { checkout, second } = await paidThenRefunded();
    const response = await deliverNotice({
      imp_uid: second,
      merchant_uid: checkout.merchantUid,
      status: 'paid',
    });
    expect(response.status).toBe(200);
    expect(await kept(checkout.merchantUid)).toEqual([]);
    // Delivered again: nothing more happens (a second refund is refused by the checksum, not paid out).
    expect((await deliverNotice({ imp_uid: second, merchant_uid: checkout.merchantUid, status: 'paid' })).status).toBe(
      200,
    );
  });
});
