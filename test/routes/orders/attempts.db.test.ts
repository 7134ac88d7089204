// A page that comes back finds its attempt (issue 14, items 1–2), against a real emulator and
// database: a window paid while the page was reloading is found by the attempt key and settled
// from the service's record; the completion page's look-up never trusts the query's words.
import { describe, expect, it } from 'vitest';
import { GET as attemptsRoute } from '@/app/api/orders/attempts/route';
import { orderForReturn } from '@/lib/orders/attempts';
import type { PurchaseAttempt } from '@/lib/orders/order-view';
import { setupAppTest } from '@/test/app-harness';
import { pageRequest } from '@/test/factories';
import { newKey, Shopper } from '@/test/kits/orders';

const app = setupAppTest();

async function attempts(shopper: Shopper, keys: string[]) {
  const query = keys.map((key) => `key=${encodeURIComponent(key)}`).join('&');
  const response = await attemptsRoute(
    pageRequest(`/api/orders/attempts?${query}`, { cookie: shopper.customer.cookie }),
    {},
  );
  return { status: response.status, body: (await response.json()) as { attempts: PurchaseAttempt[] } };
}

describe('purchase attempts a page comes back to', () => {
  it('a window opened and then paid without the page hearing of it: found open, then paid', async () => {
    const shopper = await Shopper.signUp();
    const key = newKey();
    const checkout = await shopper.startCheckout('ceramic-mug', key);
    const open = await attempts(shopper, [key]);
    expect(open.body.attempts).toEqual([{ order: expect.objectContaining({ status: 'pending' }), windowOpen: true }]);

    await shopper.payInWindow(app.emulator(), checkout);
    const found = await attempts(shopper, [key]);
    expect(found.body.attempts).toEqual([
      { order: expect.objectContaining({ merchantUid: checkout.merchantUid, status: 'paid' }), windowOpen: false },
    ]);
    // The next click with the same key is refused, not a second window.
    expect((await shopper.checkoutRaw({ productId: 'ceramic-mug', idempotencyKey: key })).status).toBe(409);
  });

  it("another customer's key finds nothing; a malformed key is a 400", async () => {
    const owner = await Shopper.signUp();
    const key = newKey();
    await owner.startCheckout('ceramic-mug', key);
    const stranger = await Shopper.signUp();
    expect((await attempts(stranger, [key])).body.attempts).toEqual([]);
    expect((await attempts(stranger, ['short'])).status).toBe(400);
  });

  it('the completion page shows the service’s outcome, whatever the query claims', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    const { rsp } = await shopper.payInWindow(app.emulator(), checkout);
    // Returned without imp_uid (a lost or edited query): the order is looked up and found paid.
    expect(await orderForReturn(shopper.user, { merchantUid: checkout.merchantUid })).toMatchObject({
      order: { status: 'paid' },
      windowOpen: false,
    });
    // Another customer's link shows nothing of it.
    const stranger = await Shopper.signUp();
    expect(await orderForReturn(stranger.user, { merchantUid: checkout.merchantUid, impUid: rsp.imp_uid ?? '' })).toBe(
      undefined,
    );
    expect(await orderForReturn(shopper.user, { merchantUid: 'not an order' })).toBe(undefined);
  });
});
