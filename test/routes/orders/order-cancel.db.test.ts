// The customer's cancel before shipping (issue 25, item 3): refunded in full once through the
// promised refunds, mailed and audited; a shipped order refused with a 409; a cancel racing the
// operator's shipment (exactly one wins); a refund whose answer is lost, resolved now from the
// record or later by reconciliation — never made twice.
import { beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { setupAppTest } from '@/test/app-harness';
import { customerCalls, detailOf, operatorCalls, paidDelivery, ship, stored } from '@/test/kits/fulfilment';
import { auditOf, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { withAnswersLost } from '@/test/lossy-client';

const app = setupAppTest();
let operator: SignedInOperator;

beforeAll(async () => {
  operator = await signedInOperator('refunder');
});

const servicePayment = async (impUid: string | null) =>
  (await app.emulator().payments()).find((p) => p.imp_uid === impUid);

describe("the customer's cancel before shipping", () => {
  it('refunds the whole payment once, mails the cancel and the refund, and audits both', async () => {
    const shopper = await Shopper.withCard();
    const order = await paidDelivery(shopper);
    const calls = customerCalls(shopper);
    const before = await detailOf(await calls.detail(order.orderNumber));
    expect(before).toMatchObject({ mayCancel: true, fulfilment: 'ordered' });
    expect(before.timeline.map((s) => [s.label, s.state])).toEqual([
      ['결제 완료', 'done'],
      ['배송 준비 중', 'current'],
      ['배송 중', 'todo'],
      ['배송 완료', 'todo'],
    ]);

    const response = await calls.cancel(order.orderNumber);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result).toEqual({ refund: 'made', amount: order.amount });
    expect(body.order).toMatchObject({ status: 'refunded', fulfilment: 'cancelled', mayCancel: false });

    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'refunded', refundedAmount: order.amount, fulfilment: 'cancelled' });
    expect(after.mails).toEqual(['order_update:cancelled', 'receipt:paid']);
    expect(after.refundMails).toEqual([order.amount]);
    expect(after.refunds).toMatchObject([{ origin: 'order_cancel', status: 'made', amount: order.amount }]);
    expect(await servicePayment(after.order.impUid)).toMatchObject({
      status: 'cancelled',
      cancel_amount: order.amount,
    });
    expect((await auditOf(order.merchantUid)).map((row) => row.action).sort()).toEqual([
      'order.cancel',
      'order.cancel_refund',
    ]);

    // Again (a double click): nothing more is refunded; the operator can no longer ship it.
    expect((await (await calls.cancel(order.orderNumber)).json()).result.refund).toBe('made');
    expect((await servicePayment(after.order.impUid))?.cancel_history).toHaveLength(1);
    const shipped = await operatorCalls(operator).step(order.orderNumber, ship);
    expect(shipped.status).toBe(409);
    expect((await shipped.json()).error.code).toMatch(/order_cancelled|step_not_allowed/);
  });

  it('is refused with a 409 in Korean once the order has shipped, and nothing changes', async () => {
    const shopper = await Shopper.withCard();
    const order = await paidDelivery(shopper);
    expect((await operatorCalls(operator).step(order.orderNumber, { action: 'prepare' })).status).toBe(200);
    expect((await operatorCalls(operator).step(order.orderNumber, ship)).status).toBe(200);
    const response = await customerCalls(shopper).cancel(order.orderNumber);
    expect(response.status).toBe(409);
    const { error } = await response.json();
    expect(error).toMatchObject({ code: 'already_shipped', message: expect.stringContaining('이미 발송된') });
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'paid', refundedAmount: 0, fulfilment: 'shipped' });
    expect(after.refunds).toHaveLength(0);
    expect((await servicePayment(after.order.impUid))?.cancel_amount).toBe(0);
  });

  it("a cancel and the operator's shipment at the same moment: exactly one wins, the other gets a 409", async () => {
    for (let round = 0; round < 3; round++) {
      const shopper = await Shopper.withCard();
      const order = await paidDelivery(shopper);
      const [cancel, shipped] = await Promise.all([
        customerCalls(shopper).cancel(order.orderNumber),
        operatorCalls(operator).step(order.orderNumber, ship),
      ]);
      expect([cancel.status, shipped.status].sort()).toEqual([200, 409]);
      const after = await stored(order.merchantUid);
      const payment = await servicePayment(after.order.impUid);
      if (cancel.status === 200) {
        expect(after.order).toMatchObject({ fulfilment: 'cancelled', status: 'refunded', shippedAt: null });
        expect(payment?.cancel_history).toHaveLength(1);
      } else {
        expect((await cancel.json()).error.code).toBe('already_shipped');
        expect(after.order).toMatchObject({ fulfilment: 'shipped', status: 'paid', refundedAmount: 0 });
        expect(after.refunds).toHaveLength(0);
        expect(payment?.cancel_amount).toBe(0);
      }
    }
  });

  it('a lost refund answer is resolved from the cancel_history at once: refunded once', async () => {
    const shopper = await Shopper.withCard();
    const order = await paidDelivery(shopper);
    const response = await withAnswersLost(app, 'POST /payments/cancel', () =>
      customerCalls(shopper).cancel(order.orderNumber),
    );
    expect(response.status).toBe(200);
    expect((await response.json()).result).toEqual({ refund: 'made', amount: order.amount });
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'refunded', fulfilment: 'cancelled' });
    expect((await servicePayment(after.order.impUid))?.cancel_history).toHaveLength(1);
    expect(after.refundMails).toEqual([order.amount]);
  });

  it('a refund the service did not answer stays promised; the page says so; reconciliation makes it once', async () => {
    const shopper = await Shopper.withCard();
    const order = await paidDelivery(shopper);
    await app.emulator().injectFault({ method: 'POST', path: '/payments/cancel', action: '500', count: 1 });
    const response = await customerCalls(shopper).cancel(order.orderNumber);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result).toEqual({ refund: 'pending', amount: order.amount });
    expect(body.order).toMatchObject({ fulfilment: 'cancelled', status: 'paid', refundState: 'pending' });
    // The operator cannot ship the cancelled order meanwhile.
    expect((await operatorCalls(operator).step(order.orderNumber, ship)).status).toBe(409);

    expect((await reconcile()).orderRefunds).toMatchObject({ resolved: 1, failed: [], errors: [] });
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'refunded', refundedAmount: order.amount });
    expect((await servicePayment(after.order.impUid))?.cancel_history).toHaveLength(1);
    expect(after.refundMails).toEqual([order.amount]);
    expect((await reconcile()).orderRefunds).toMatchObject({ resolved: 0 });
    expect((await detailOf(await customerCalls(shopper).detail(order.orderNumber))).refundState).toBe('made');
  });

  it("another customer's order, a malformed number and a signed-out request change nothing", async () => {
    const owner = await Shopper.withCard();
    const order = await paidDelivery(owner);
    const stranger = await Shopper.signUp();
    for (const response of [
      await customerCalls(stranger).detail(order.orderNumber),
      await customerCalls(stranger).cancel(order.orderNumber),
      await customerCalls(owner).detail('../../etc'),
      await customerCalls(owner).cancel('261127-12345'),
    ]) {
      expect(response.status).toBe(404);
      expect((await response.json()).error.code).toBe('order_not_found');
    }
    expect((await stored(order.merchantUid)).order).toMatchObject({ status: 'paid', fulfilment: 'ordered' });
  });
});
