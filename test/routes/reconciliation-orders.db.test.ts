// Orders whose outcome the app missed (the emulator's notice dropped by its delivery switch) are
// found by reconciliation from the service's records.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { POST as issueRoute } from '@/app/api/cvs/route';
import type { OrderSummary } from '@/lib/orders/order-view';
import { reconcileOrders } from '@/lib/reconciliation/orders';
import { setupAppTest } from '@/test/app-harness';
import { pageRequest } from '@/test/factories';
import { Shopper } from '@/test/kits/orders';

const app = setupAppTest({ bridge: true });
const loseTheNextNotice = () => app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });

describe('reconcileOrders', () => {
  it('a window paid whose browser never came back and whose notice was lost: found and paid, once', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await shopper.startCheckout();
    await loseTheNextNotice();
    await shopper.payInWindow(app.emulator(), checkout);
    expect(await shopper.orders()).toEqual([]);

    expect(await reconcileOrders()).toMatchObject({ settled: 1, errors: [] });
    expect(await shopper.orders()).toMatchObject([{ merchantUid: checkout.merchantUid, status: 'paid' }]);
    expect(await reconcileOrders()).toMatchObject({ settled: 0, errors: [] });
  });

  it('a barcode collected at a store whose notice was lost: paid; one still waiting stays waiting', async () => {
    const shopper = await Shopper.signUp();
    const issue = async () => {
      const request = pageRequest('/api/cvs', {
        method: 'POST',
        body: { productId: 'ceramic-mug', idempotencyKey: randomUUID() },
        cookie: shopper.customer.cookie,
        base: app.bridge().url,
      });
      return ((await (await issueRoute(request, {})).json()) as { order: OrderSummary }).order;
    };
    const collected = await issue();
    const waiting = await issue();
    const payment = (await app.emulator().payments()).find((p) => p.merchant_uid === collected.merchantUid);
    await loseTheNextNotice();
    expect((await app.emulator().collectCvs(payment?.imp_uid ?? '')).outcome).toBe('paid');
    expect((await shopper.orders()).find((o) => o.merchantUid === collected.merchantUid)?.status).toBe('awaiting');

    expect(await reconcileOrders()).toMatchObject({ settled: 1, errors: [] });
    const statuses = Object.fromEntries((await shopper.orders()).map((o) => [o.merchantUid, o.status]));
    expect(statuses).toEqual({ [collected.merchantUid]: 'paid', [waiting.merchantUid]: 'awaiting' });
  });

  it('a one-click charge whose answer was lost and that never arrived: failed once the window has passed', async () => {
    const shopper = await Shopper.withCard();
    await app.emulator().injectFault({ method: 'POST', path: '/subscribe/payments/again', action: 'hang' });
    const order = await shopper.buyNow();
    expect(order.status).toBe('pending');
    expect(await reconcileOrders()).toMatchObject({ settled: 0 });
    expect(await reconcileOrders(Date.now() + 3 * 60_000)).toMatchObject({ settled: 1, errors: [] });
    expect(await shopper.orders()).toMatchObject([{ status: 'failed' }]);
  });
});
