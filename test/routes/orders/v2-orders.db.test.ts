// Issue 37: one-click purchase and its refund on PortOne V2. A V2 card is charged with its own
// billing key (POST /payments/{paymentId}/billing-key, our order number the paymentId); the order
// records api v2 and is refunded through V2 (currentCancellableAmount the guard); the service's
// signed notice reaches POST /api/webhooks/portone over HTTP and is recorded; an unsigned one is
// refused before anything is read or written.
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { POST as v2WebhookRoute } from '@/app/api/webhooks/portone/route';
import { getDb } from '@/lib/db';
import { orders, refunds, webhookDeliveries } from '@/lib/db/schema';
import { providerFor } from '@/lib/provider';
import { setupAppTest } from '@/test/app-harness';
import { Customer } from '@/test/kits/cards';
import { customerCalls, paidDelivery } from '@/test/kits/fulfilment';
import { Shopper } from '@/test/kits/orders';
import { cardMeans, onApi, registerOnV2 } from '@/test/kits/v2';

const app = setupAppTest({ bridge: true });
onApi('v2');

const orderRow = async (merchantUid: string) =>
  (await (await getDb()).select().from(orders).where(eq(orders.merchantUid, merchantUid)))[0];
const deliveriesOf = async (impUid: string) =>
  (await getDb()).select().from(webhookDeliveries).where(eq(webhookDeliveries.impUid, impUid));

async function v2Shopper(means = cardMeans()) {
  const customer = await Customer.signUp();
  const { response, billingKey } = await registerOnV2(customer, app.emulator(), means);
  expect(response.status).toBe(201);
  return { shopper: Shopper.of(customer), billingKey };
}

describe('one-click purchase on V2', () => {
  it("charges the card's V2 key, records api v2, and the signed notice of it is settled", async () => {
    const { shopper, billingKey } = await v2Shopper();
    const summary = await paidDelivery(shopper);
    const row = await orderRowByNumber(summary.orderNumber);
    expect(row).toMatchObject({ api: 'v2', status: 'paid', impUid: row.merchantUid });
    const atService = await providerFor('v2').readPayment(row.merchantUid);
    expect(atService).toMatchObject({ status: 'paid', amount: row.amount, billingKey, sandbox: false });

    // Transaction.Paid, signed by the emulator, over HTTP to the app's V2 route.
    await vi.waitFor(
      async () => {
        const outcomes = (await deliveriesOf(row.merchantUid)).map((d) => d.outcome);
        expect(outcomes).toContain('order paid');
      },
      { timeout: 10_000, interval: 100 },
    );
    expect((await orderRow(row.merchantUid))?.status).toBe('paid');
  });

  it("the customer's cancel refunds through V2, once", async () => {
    const { shopper } = await v2Shopper();
    const summary = await paidDelivery(shopper);
    const response = await customerCalls(shopper).cancel(summary.orderNumber);
    expect(response.status).toBe(200);
    expect((await response.json()).result).toEqual({ refund: 'made', amount: summary.amount });
    const row = await orderRowByNumber(summary.orderNumber);
    const atService = await providerFor('v2').readPayment(row.merchantUid);
    expect(atService).toMatchObject({ status: 'cancelled', cancelledAmount: summary.amount, cancellableAmount: 0 });
    expect(atService.cancellations).toHaveLength(1);
    const made = await (await getDb()).select().from(refunds).where(eq(refunds.merchantUid, row.merchantUid));
    expect(made).toEqual([expect.objectContaining({ api: 'v2', status: 'made', amount: summary.amount })]);

    const again = await customerCalls(shopper).cancel(summary.orderNumber);
    expect((await again.json()).result).toEqual({ refund: 'made', amount: summary.amount });
    expect((await providerFor('v2').readPayment(row.merchantUid)).cancellations).toHaveLength(1);
  });

  it('a card the issuer declines at charge time fails the order with its reason', async () => {
    const { shopper } = await v2Shopper(cardMeans('insufficientBalance'));
    const order = await shopper.buyNow();
    expect(order.status).toBe('failed');
    const row = await orderRowByNumber(order.orderNumber);
    expect(row).toMatchObject({ api: 'v2', status: 'failed' });
    expect(row.failReason).toContain('잔액부족');
  });
});

describe('POST /api/webhooks/portone', () => {
  it('a notice not signed with our secret is refused (401): nothing read, nothing recorded', async () => {
    const { shopper } = await v2Shopper();
    const summary = await paidDelivery(shopper);
    const { merchantUid } = await orderRowByNumber(summary.orderNumber);
    await vi.waitFor(async () => expect(await deliveriesOf(merchantUid)).not.toHaveLength(0), {
      timeout: 10_000,
      interval: 100,
    });
    const before = (await deliveriesOf(merchantUid)).length;
    const body = JSON.stringify({
      type: 'Transaction.Cancelled',
      timestamp: new Date().toISOString(),
      data: { paymentId: merchantUid, transactionId: 'tx', storeId: 'store' },
    });
    const forged = await v2WebhookRoute(
      new Request('http://localhost:3000/api/webhooks/portone', {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'webhook-id': 'msg_forged',
          'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
          'webhook-signature': `v1,${Buffer.from('not the signature').toString('base64')}`,
        },
      }),
      {},
    );
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('bad_signature');
    expect(await deliveriesOf(merchantUid)).toHaveLength(before);
    expect((await orderRow(merchantUid))?.status).toBe('paid');
  });
});

async function orderRowByNumber(orderNumber: string) {
  const [row] = await (await getDb()).select().from(orders).where(eq(orders.orderNumber, orderNumber));
  if (!row) throw new Error(`no order ${orderNumber}`);
  return row;
}
