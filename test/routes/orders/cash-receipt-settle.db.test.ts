// 현금영수증 when answers are lost and refunds take the whole payment: an issuance whose answer is
// lost is resolved from the service's record (receipts.get), now or by reconciliation once its
// claim has lapsed — never issued twice; a customer's cancel refunds in full and cancels the
// receipt at the service; one issued before a full refund made elsewhere is cancelled by reconciliation.
import { describe, expect, it } from 'vitest';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { setupAppTest } from '@/test/app-harness';
import { cashCheckout, countingReceipts, PHONE, payCash, receiptCalls, storedOrder } from '@/test/kits/cash-receipts';
import { customerCalls } from '@/test/kits/fulfilment';
import { Shopper } from '@/test/kits/orders';

const app = setupAppTest({ bridge: true });

const serviceReceipt = (impUid: string) => app.client().receipts.get({ imp_uid: impUid });
/** Past any claim's lease on this server's clock. */
const later = () => Date.now() + 5 * 60_000;

async function paidTransfer(cashReceipt?: typeof PHONE) {
  const shopper = await Shopper.signUp();
  const paid = await payCash(app.emulator(), shopper, await cashCheckout(shopper, 'trans', cashReceipt));
  return { shopper, ...paid };
}

describe('현금영수증: lost answers', () => {
  it("the issuance's answer is lost: the service's record says it was issued, and it is recorded once", async () => {
    const { shopper, order, impUid } = await paidTransfer();
    const { result, issued } = await countingReceipts(
      app.emulator(),
      () => receiptCalls(shopper).ask(order.orderNumber, PHONE),
      (request) => (request.startsWith('POST /receipts/') ? 'lose' : undefined),
    );
    expect(result.status).toBe(200);
    expect(issued).toBe(1);
    const receipt = await serviceReceipt(impUid);
    expect((await result.json()).cashReceipt).toMatchObject({ status: 'issued', applyNum: receipt.apply_num });
  });

  it('lost, and the record unreadable too: left requested, then reconciliation finds the one issued', async () => {
    const { shopper, order, impUid } = await paidTransfer();
    const { result, issued } = await countingReceipts(
      app.emulator(),
      () => receiptCalls(shopper).ask(order.orderNumber, PHONE),
      // The record is read before issuing (fine), then not after the lost answer.
      (request, issued) =>
        request.startsWith('POST /receipts/')
          ? 'lose'
          : request.startsWith('GET /receipts/') && issued > 0
            ? 'refuse'
            : undefined,
    );
    expect(result.status).toBe(200);
    expect((await result.json()).cashReceipt).toMatchObject({ status: 'requested' });
    // Within the claim's lease nobody asks the service again.
    expect((await reconcile()).cashReceipts).toMatchObject({ issued: 0, errors: [] });
    const { result: report, issued: again } = await countingReceipts(app.emulator(), () =>
      reconcile({ appNow: later() }),
    );
    expect(report.cashReceipts).toMatchObject({ issued: 1, errors: [] });
    expect(issued + again).toBe(1);
    expect(await storedOrder(order.merchantUid)).toMatchObject({
      cashReceiptStatus: 'issued',
      cashReceiptIdentifier: '5678',
      cashReceiptApplyNum: (await serviceReceipt(impUid)).apply_num,
    });
  });

  it('the service down when the order is paid: reconciliation issues the receipt still requested', async () => {
    const { result, issued } = await countingReceipts(
      app.emulator(),
      () => paidTransfer(PHONE),
      (request) => (request.startsWith('POST /receipts/') ? 'refuse' : undefined),
    );
    expect(result.order.status).toBe('paid');
    expect(issued).toBe(1);
    expect((await storedOrder(result.order.merchantUid)).cashReceiptStatus).toBe('requested');
    // A 503 may come after the service acted: the claim holds until its lease ends, then the record decides.
    expect((await reconcile({ appNow: later() })).cashReceipts).toMatchObject({ issued: 1, errors: [] });
    expect(await serviceReceipt(result.impUid)).toMatchObject({ cancelled_at: 0 });
  });
});

describe('현금영수증: a refund of the whole payment cancels it', () => {
  it("the customer's cancel before shipping: refunded in full, the receipt cancelled at the service", async () => {
    const { shopper, order, impUid } = await paidTransfer(PHONE);
    expect((await storedOrder(order.merchantUid)).cashReceiptStatus).toBe('issued');
    const response = await customerCalls(shopper).cancel(order.orderNumber);
    expect((await response.json()).result).toEqual({ refund: 'made', amount: order.amount });
    expect(await storedOrder(order.merchantUid)).toMatchObject({ status: 'refunded', cashReceiptStatus: 'cancelled' });
    expect((await serviceReceipt(impUid)).cancelled_at).toBeGreaterThan(0);
    expect(await receiptCalls(shopper).state(order.orderNumber)).toMatchObject({
      cashReceipt: { status: 'cancelled', applyNum: null },
      mayRequest: false,
    });
  });

  it('refunded in full at the service (its console): reconciliation cancels the receipt, once', async () => {
    const { order, impUid } = await paidTransfer(PHONE);
    await app.client().payments.cancel({ imp_uid: impUid, reason: '콘솔 환불' });
    const first = await reconcile();
    expect(first.cashReceipts).toMatchObject({ cancelled: 1, errors: [] });
    expect(await storedOrder(order.merchantUid)).toMatchObject({ status: 'refunded', cashReceiptStatus: 'cancelled' });
    expect((await serviceReceipt(impUid)).cancelled_at).toBeGreaterThan(0);
    expect((await reconcile()).cashReceipts).toMatchObject({ cancelled: 0, errors: [] });
  });

  it('a request on an order that ends unpaid is let go, its number masked', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await payCash(app.emulator(), shopper, await cashCheckout(shopper, 'vbank', PHONE));
    await app.client().vbanks.revoke({ imp_uid: impUid });
    await reconcile();
    expect(await storedOrder(order.merchantUid)).toMatchObject({
      status: 'cancelled',
      cashReceiptStatus: 'cancelled',
      cashReceiptIdentifier: '5678',
    });
  });
});
