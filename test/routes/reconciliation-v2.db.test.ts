// Issue 37: reconciliation on PortOne V2. The sweep of recent payments lists V2's paid and
// cancelled payments too (GET /payments, by status change in the window) and settles those nothing
// here accounts for through their owner, refunds on V2; the billing-key sweep finds a V2 key whose
// issuance answer was lost by the customer id it was issued for (GET /billing-keys) and deletes it.
// Nothing hears the emulator's notices here (no bridge): every Transaction.* notice is lost.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db';
import { cards, orders } from '@/lib/db/schema';
import type { CheckoutAnswer } from '@/lib/orders/order-view';
import { mintServiceId } from '@/lib/payments/ids';
import { providerFor } from '@/lib/provider';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { setupAppTest } from '@/test/app-harness';
import { cardFields, TEST_CARDS } from '@/test/emulator/kit';
import { Customer, keyIn } from '@/test/kits/cards';
import { newKey, Shopper } from '@/test/kits/orders';
import { asV2Registration, cardMeans, issueInV2Window, onApi, payInV2Window, withApi } from '@/test/kits/v2';

const app = setupAppTest({ clock: { start: new Date('2026-03-02T03:00:00Z'), frozen: true } });
onApi('v2');

const v2Status = async (paymentId: string) => (await providerFor('v2').readPayment(paymentId)).status;
const orderRow = async (merchantUid: string) =>
  (await (await getDb()).select().from(orders).where(eq(orders.merchantUid, merchantUid)))[0];

async function startV2(shopper: Shopper) {
  const response = await shopper.checkoutRaw({ productId: 'ceramic-mug', idempotencyKey: newKey(), payMethod: 'card' });
  const { checkout } = (await response.json()) as { checkout: CheckoutAnswer };
  if (checkout.api !== 'v2') throw new Error('expected a V2 checkout');
  return checkout;
}

/** A V2 order paid in its window, the browser back and the order paid (api v2). */
async function paidV2Order(shopper: Shopper) {
  const checkout = await startV2(shopper);
  payInV2Window(app.emulator(), checkout);
  await shopper.verify({ merchant_uid: checkout.merchantUid, paymentId: checkout.paymentId });
  expect(await orderRow(checkout.merchantUid)).toMatchObject({ api: 'v2', status: 'paid' });
  return checkout;
}

describe('the sweep of recent payments on V2', () => {
  it('applies a retried window whose notice was lost, refunds a stranger on V2, and a V1 one on V1', async () => {
    const start = await app.emulator().now();
    const shopper = await Shopper.signUp();
    // Declined in the window, the order failed on the browser's return; the customer tried again in
    // the same window and paid, but the browser never came back and Transaction.Paid was lost. A
    // failed order is not open: only the service's list of payments finds it.
    const retried = await startV2(shopper);
    expect(payInV2Window(app.emulator(), retried, cardMeans('insufficientBalance')).status).toBe('FAILED');
    await shopper.verify({ merchant_uid: retried.merchantUid, paymentId: retried.paymentId });
    expect(await orderRow(retried.merchantUid)).toMatchObject({ status: 'failed' });
    expect(payInV2Window(app.emulator(), retried).status).toBe('PAID');
    // A V2 payment under an order number this app never minted into an order.
    const strangerId = mintServiceId('ord');
    payInV2Window(app.emulator(), {
      channelKey: retried.channelKey,
      paymentId: strangerId,
      orderName: '모르는 주문',
      totalAmount: 12_000,
    });
    // And V1's, swept as before beside it.
    const v1Stranger = await app
      .client()
      .charges.onetime({ merchant_uid: mintServiceId('ord'), amount: 9_000, name: '테스트', ...cardFields() });
    if (v1Stranger.outcome !== 'paid') throw new Error('not paid');
    const untouched = await paidV2Order(shopper);
    await app.emulator().advanceClock(60);

    const report = await reconcile({ sweepFrom: start });
    expect(report.payments.errors).toEqual([]);
    expect(report.payments.found).toEqual(
      expect.arrayContaining([
        `${retried.merchantUid}: order paid`,
        expect.stringMatching(new RegExp(`^${strangerId}: refunded: not accounted for`)),
        expect.stringMatching(new RegExp(`^${v1Stranger.payment.merchant_uid}: refunded: not accounted for`)),
      ]),
    );
    expect(report.payments).toMatchObject({ settled: 3, refunded: 2 });
    expect(await orderRow(retried.merchantUid)).toMatchObject({ api: 'v2', status: 'paid', impUid: retried.paymentId });
    expect(await v2Status(retried.paymentId)).toBe('paid');
    expect(await v2Status(strangerId)).toBe('cancelled');
    expect((await app.client().payments.get({ imp_uid: v1Stranger.payment.imp_uid })).status).toBe('cancelled');
    expect(await v2Status(untouched.paymentId)).toBe('paid');
    expect(await orderRow(untouched.merchantUid)).toMatchObject({ status: 'paid' });

    // A second run finds nothing more to do.
    const again = await reconcile({ sweepFrom: start });
    expect(again.payments).toMatchObject({ settled: 0, refunded: 0, found: [], errors: [] });
  });

  it('a V2 payment refunded from the console, its notice lost, refunds its order — after moving back to V1 too', async () => {
    const start = await app.emulator().now();
    const shopper = await Shopper.signUp();
    const checkout = await paidV2Order(shopper);
    // The merchant's console refunds it at V2 (the test's own V2 call); Transaction.Cancelled is lost.
    const console = await providerFor('v2').cancel({
      id: checkout.paymentId,
      cancellableAmount: checkout.totalAmount,
      reason: '콘솔에서 환불',
    });
    expect(console.outcome).toBe('refunded');
    await app.emulator().advanceClock(60);

    // The shop has V2 orders: V2 is swept though new payments are made on V1 again.
    const report = await withApi('v1', () => reconcile({ sweepFrom: start }));
    expect(report.payments.errors).toEqual([]);
    expect(report.payments.found).toEqual([`${checkout.merchantUid}: order refunded`]);
    expect(await orderRow(checkout.merchantUid)).toMatchObject({
      status: 'refunded',
      refundedAmount: checkout.totalAmount,
    });
  });
});

describe('the billing-key sweep on V2', () => {
  const heldFor = (customerUid: string) => providerFor('v2').listKeys({ customerId: customerUid });

  it('a key-in whose answer was lost: the key issued is found by its customer id and deleted', async () => {
    const customer = await Customer.signUp();
    // The service issues the key, then its answer is lost on the way back.
    await app.emulator().injectFault({ method: 'POST', path: '/billing-keys', action: 'drop', after: true });
    const response = await customer.keyIn(keyIn(TEST_CARDS.approved));
    expect(response.status).toBe(503);
    const [card] = await (await getDb()).select().from(cards).where(eq(cards.userId, customer.user.id));
    expect(card).toMatchObject({ api: 'v2', status: 'removed', billingKey: null });
    const held = await heldFor(card?.customerUid ?? '');
    expect(held).toHaveLength(1);

    const report = await reconcile();
    expect(report.cards.errors).toEqual([]);
    expect(report.cards.deleted).toBeGreaterThanOrEqual(1);
    expect(await heldFor(card?.customerUid ?? '')).toEqual([]);
    await expect(providerFor('v2').readKey(held[0]?.key ?? '')).rejects.toThrow();
  });

  it('a window registration whose browser never came back: abandoned, its key deleted', async () => {
    const customer = await Customer.signUp();
    const registration = asV2Registration(await customer.startWindow());
    const billingKey = issueInV2Window(app.emulator(), registration);
    expect((await heldFor(registration.customerUid)).map((key) => key.key)).toEqual([billingKey]);

    // Past the hour a window may stay open (this server's clock).
    const report = await reconcile({ appNow: Date.now() + 2 * 60 * 60_000 });
    expect(report.cards.errors).toEqual([]);
    expect(await heldFor(registration.customerUid)).toEqual([]);
    const [card] = await (await getDb()).select().from(cards).where(eq(cards.customerUid, registration.customerUid));
    expect(card?.status).toBe('removed');
  });
});
