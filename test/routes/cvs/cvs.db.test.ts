// Convenience-store barcodes: issued for a product, collected at the emulator's store counter
// (which asks the app's collection check and notifies its webhook over real HTTP), or cancelled.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as cancelRoute } from '@/app/api/cvs/[merchantUid]/cancel/route';
import { POST as confirmRoute } from '@/app/api/cvs/confirm/route';
import { POST as issueRoute } from '@/app/api/cvs/route';
import { orders } from '@/lib/db/schema';
import { findProduct } from '@/lib/orders/catalogue';
import type { OrderSummary } from '@/lib/orders/order-view';
import { setupAppTest } from '@/test/app-harness';
import { pageRequest } from '@/test/factories';
import { Shopper } from '@/test/kits/orders';

const app = setupAppTest({ bridge: true });
const PRICE = findProduct('drip-bag-20')?.price ?? 0;

const rowsOf = (userId: string) => app.db().select().from(orders).where(eq(orders.userId, userId));
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string } }).error;

/** The shopper's browser is on the bridge's address, so the confirm URL the app gives the service reaches it. */
function issue(shopper: Shopper, body: unknown) {
  return issueRoute(
    pageRequest('/api/cvs', { method: 'POST', body, cookie: shopper.customer.cookie, base: app.bridge().url }),
    {},
  );
}
async function issued(shopper: Shopper): Promise<OrderSummary> {
  const response = await issue(shopper, { productId: 'drip-bag-20', idempotencyKey: randomUUID() });
  expect(response.status).toBe(200);
  return ((await response.json()) as { order: OrderSummary }).order;
}
function cancel(shopper: Shopper, merchantUid: string) {
  return cancelRoute(
    pageRequest(`/api/cvs/${merchantUid}/cancel`, { method: 'POST', cookie: shopper.customer.cookie }),
    { params: Promise.resolve({ merchantUid }) },
  );
}
const impUidOf = async (merchantUid: string) =>
  (await app.db().query.orders.findFirst({ where: eq(orders.merchantUid, merchantUid) }))?.impUid ?? '';

describe('convenience-store barcode', () => {
  it('issues a barcode with a deadline and the app’s collection check; the order waits for the store', async () => {
    const shopper = await Shopper.signUp();
    const now = await app.emulator().now();
    const order = await issued(shopper);
    expect(order).toMatchObject({
      method: 'cvs',
      status: 'awaiting',
      amount: PRICE,
      barcode: expect.stringMatching(/\d{6,}/),
      collectBy: expect.any(Number),
    });
    expect((order.collectBy ?? 0) - now).toBeGreaterThanOrEqual(3 * 86_400 - 5);
    const [payment] = (await app.emulator().payments()).filter((p) => p.merchant_uid === order.merchantUid);
    expect(payment).toMatchObject({ status: 'ready', amount: PRICE, vbank_num: order.barcode });
    expect(await shopper.orders()).toEqual([order]);
  });

  it('paid at the store: the collection check allows it, the notice marks the order paid', async () => {
    const shopper = await Shopper.signUp();
    const order = await issued(shopper);
    const result = await app.emulator().collectCvs(await impUidOf(order.merchantUid));
    expect(result.outcome).toBe('paid');
    expect(result.confirm).toMatchObject({ response_status: 200 });
    expect(await shopper.orders()).toMatchObject([{ status: 'paid', paidAt: result.payment.paid_at }]);
    const paths = app.bridge().received.map((r) => r.path);
    expect(paths).toEqual(expect.arrayContaining(['/api/cvs/confirm', '/api/webhooks/iamport']));
  });

  it('cancelled: the barcode is unusable at the service and a store cannot collect it', async () => {
    const shopper = await Shopper.signUp();
    const order = await issued(shopper);
    const response = await cancel(shopper, order.merchantUid);
    expect(response.status).toBe(200);
    expect((await response.json()).order).toMatchObject({ status: 'cancelled' });
    await expect(app.emulator().collectCvs(await impUidOf(order.merchantUid))).rejects.toThrow();
    expect(await shopper.orders()).toMatchObject([{ status: 'cancelled' }]);
    // Cancelling twice: the order is closed.
    expect((await cancel(shopper, order.merchantUid)).status).toBe(409);
  });

  it('a cancel the service refuses, whose record cannot be read either: 503, look in the order history; it still waits', async () => {
    const shopper = await Shopper.signUp();
    const order = await issued(shopper);
    await app.emulator().injectFault({ method: 'DELETE', path: '/cvs/*', action: '503', count: 10 });
    await app.emulator().injectFault({ method: 'GET', path: '/payments/*', action: '503', count: 10 });
    const response = await cancel(shopper, order.merchantUid);
    await app.emulator().clearFaults();
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({
      code: 'service_unavailable',
      message: '결제 서비스에 연결하지 못했습니다. 잠시 후 주문 내역에서 결과를 확인해 주세요.',
    });
    expect(await shopper.orders()).toMatchObject([{ status: 'awaiting' }]);
  });

  it('the collection check refuses a barcode whose order the app no longer expects', async () => {
    const shopper = await Shopper.signUp();
    const order = await issued(shopper);
    // The order was closed here while the barcode stayed live at the service (e.g. stock ran out).
    await app.db().update(orders).set({ status: 'cancelled' }).where(eq(orders.merchantUid, order.merchantUid));
    const result = await app.emulator().collectCvs(await impUidOf(order.merchantUid));
    expect(result).toMatchObject({ outcome: 'refused', confirm: { response_status: 409 } });
    expect(result.payment.status).toBe('ready');
  });

  it('the same request twice is one barcode', async () => {
    const shopper = await Shopper.signUp();
    const body = { productId: 'drip-bag-20', idempotencyKey: randomUUID() };
    const [a, b] = await Promise.all([issue(shopper, body), issue(shopper, body)]);
    const [first, second] = [(await a.json()).order, (await b.json()).order];
    expect(second.merchantUid).toBe(first.merchantUid);
    expect((await app.emulator().payments()).filter((p) => p.merchant_uid === first.merchantUid)).toHaveLength(1);
  });

  it('a key already used for a window checkout opens no barcode (422), whatever the product', async () => {
    const shopper = await Shopper.signUp();
    const key = randomUUID();
    await shopper.startCheckout('drip-bag-20', key);
    for (const productId of ['drip-bag-20', 'ceramic-mug']) {
      const response = await issue(shopper, { productId, idempotencyKey: key });
      expect(response.status).toBe(422);
      expect(await errorOf(response)).toMatchObject({ code: 'idempotency_key_reused' });
    }
    const rows = await rowsOf(shopper.user.id);
    expect(rows).toMatchObject([{ method: 'window', status: 'created' }]);
    expect((await app.emulator().payments()).filter((p) => p.merchant_uid === rows[0]?.merchantUid)).toEqual([]);
  });

  it("another user's barcode cannot be cancelled; bad requests change nothing", async () => {
    const owner = await Shopper.signUp();
    const order = await issued(owner);
    const other = await Shopper.signUp();
    expect((await cancel(other, order.merchantUid)).status).toBe(404);
    expect((await cancel(other, 'not-an-order')).status).toBe(404);
    expect((await issue(other, { productId: 'drip-bag-20', idempotencyKey: randomUUID(), amount: 1 })).status).toBe(
      400,
    );
    const unknown = await issue(other, { productId: 'gold-bar', idempotencyKey: randomUUID() });
    expect(await errorOf(unknown)).toMatchObject({ code: 'unknown_product' });
    expect(await rowsOf(other.user.id)).toEqual([]);
    expect(await owner.orders()).toMatchObject([{ status: 'awaiting' }]);
  });

  it('the collection check: a malformed body is a 400, an unknown payment is refused', async () => {
    const check = (body: unknown) =>
      confirmRoute(
        new Request('http://localhost:3000/api/cvs/confirm', {
          method: 'POST',
          body: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        }),
        {},
      );
    expect((await check({ code: 0 })).status).toBe(400);
    const refused = await check({ code: 0, message: null, response: { imp_uid: 'imp_000000000000' } });
    expect(refused.status).toBe(409);
    // Only the status decides (spec, Events, rule 2); the body has the one error shape.
    expect((await refused.json()).error).toMatchObject({ code: 'collection_refused', requestId: expect.any(String) });
  });
});
