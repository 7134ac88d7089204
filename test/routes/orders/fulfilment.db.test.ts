// An order's way to the customer (issue 25, item 3): the operator's steps 배송 준비 중 → 배송 중
// (carrier, tracking) → 배송 완료, each once, mailed and audited; a return asked within 7 days of
// delivery (service clock) and approved with a refund less the return fee, or declined with a reason;
// the refund of an approval whose answer is lost; bad input and steps out of turn refused, nothing changed.
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as opsListRoute } from '@/app/api/ops/orders/route';
import type { OpsOrder } from '@/lib/ops/client/orders';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { setupAppTest } from '@/test/app-harness';
import { customerCalls, detailOf, operatorCalls, paidDelivery, ship, stored } from '@/test/kits/fulfilment';
import { auditOf, callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { withAnswersLost } from '@/test/lossy-client';

const app = setupAppTest();
let refunder: SignedInOperator;
let viewer: SignedInOperator;

beforeAll(async () => {
  refunder = await signedInOperator('refunder');
  viewer = await signedInOperator('viewer');
});

const servicePayment = async (impUid: string | null) =>
  (await app.emulator().payments()).find((p) => p.imp_uid === impUid);

async function delivered() {
  const shopper = await Shopper.withCard();
  const order = await paidDelivery(shopper);
  const ops = operatorCalls(refunder);
  for (const body of [{ action: 'prepare' }, ship, { action: 'deliver' }]) {
    expect((await ops.step(order.orderNumber, body)).status).toBe(200);
  }
  return { shopper, order, ops, calls: customerCalls(shopper) };
}

describe('fulfilment', () => {
  it('moves 결제 완료 → 배송 준비 중 → 배송 중 → 배송 완료, each step once, mailed and audited', async () => {
    const { shopper, order } = await delivered();
    const detail = await detailOf(await customerCalls(shopper).detail(order.orderNumber));
    expect(detail).toMatchObject({
      fulfilment: 'delivered',
      carrier: 'CJ대한통운',
      trackingNumber: '123456789012',
      mayCancel: false,
      mayRequestReturn: true,
    });
    expect(detail.timeline.map((s) => [s.label, s.state])).toEqual([
      ['결제 완료', 'done'],
      ['배송 준비 중', 'done'],
      ['배송 중', 'done'],
      ['배송 완료', 'done'],
    ]);
    expect(detail.timeline[2]?.detail).toBe('CJ대한통운 · 운송장 123456789012');
    const after = await stored(order.merchantUid);
    expect(after.mails).toEqual(['order_update:delivered', 'order_update:shipped', 'receipt:paid']);
    expect((await auditOf(order.merchantUid)).map((row) => row.action).sort()).toEqual([
      'order.deliver',
      'order.prepare',
      'order.ship',
    ]);
    // A step again, or out of turn: 409, nothing added.
    const again = await operatorCalls(refunder).step(order.orderNumber, ship);
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('step_not_allowed');
    expect(await auditOf(order.merchantUid)).toHaveLength(3);
  });

  it('refuses bad input, a viewer and an unknown order with 4xx, changing nothing', async () => {
    const shopper = await Shopper.withCard();
    const order = await paidDelivery(shopper);
    const ops = operatorCalls(refunder);
    const bad = [
      { action: 'ship', carrier: 'CJ대한통운', trackingNumber: '12' },
      { action: 'ship', carrier: '아무택배', trackingNumber: '123456789012' },
      { action: 'ship', carrier: 'CJ대한통운', trackingNumber: '1234567\u0000' },
      { action: 'fly' },
      { action: 'deliver', extra: 1 },
    ];
    for (const body of bad) expect((await ops.step(order.orderNumber, body)).status).toBe(400);
    expect((await ops.step(order.orderNumber, { action: 'deliver' })).status).toBe(409);
    expect((await operatorCalls(viewer).step(order.orderNumber, ship)).status).toBe(403);
    expect((await ops.step('999999-999999', ship)).status).toBe(404);
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ fulfilment: 'ordered', carrier: null, shippedAt: null });
    expect(await auditOf(order.merchantUid)).toHaveLength(0);
  });

  it('lists the orders to ship, on the way and with a return asked for, and finds one by number', async () => {
    const { order } = await delivered();
    const list = async (query: string) =>
      (await (await callOps(opsListRoute, `/api/ops/orders?${query}`, { cookie: viewer.cookie })).json()) as {
        rows: OpsOrder[];
      };
    expect((await list(`number=${order.orderNumber}`)).rows).toMatchObject([{ fulfilment: 'delivered' }]);
    expect((await list('queue=to_ship')).rows.some((row) => row.orderNumber === order.orderNumber)).toBe(false);
    const bad = await callOps(opsListRoute, '/api/ops/orders?queue=all&number=1', { cookie: viewer.cookie });
    expect(bad.status).toBe(400);
  });
});

describe('returns (청약철회 after delivery)', () => {
  it('asked with a reason, approved less the return fee: refunded once, mailed and audited', async () => {
    const { order, ops, calls } = await delivered();
    const asked = await calls.requestReturn(order.orderNumber, {
      reason: 'change_of_mind',
      detail: '생각보다 맛이 진해요',
    });
    expect(asked.status).toBe(200);
    // The reason chosen, with the customer's details after it.
    expect(await detailOf(asked)).toMatchObject({
      returnStatus: 'requested',
      returnReason: '단순 변심 · 생각보다 맛이 진해요',
      mayRequestReturn: false,
    });
    expect((await calls.requestReturn(order.orderNumber, { reason: 'damaged' })).status).toBe(409);

    const approved = await ops.decide(order.orderNumber, { decision: 'approve', fee: 3_000 });
    expect(approved.status).toBe(200);
    const refund = order.amount - 3_000;
    expect((await approved.json()).refund).toEqual({ refund: 'made', amount: refund });
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({
      status: 'paid',
      returnStatus: 'approved',
      returnFee: 3_000,
      refundedAmount: refund,
    });
    expect(await servicePayment(after.order.impUid)).toMatchObject({ cancel_amount: refund });
    expect(after.mails).toEqual([
      'order_update:delivered',
      'order_update:return_approved',
      'order_update:return_requested',
      'order_update:shipped',
      'receipt:paid',
    ]);
    expect(after.refundMails).toEqual([refund]);
    expect((await auditOf(order.merchantUid)).map((row) => row.action)).toEqual(
      expect.arrayContaining(['order.return_request', 'order.return_approve', 'order.return_refund']),
    );
    // Decided once: a second approval (another operator, a double click) is refused, nothing more refunded.
    expect((await ops.decide(order.orderNumber, { decision: 'approve', fee: 0 })).status).toBe(409);
    expect((await servicePayment(after.order.impUid))?.cancel_history).toHaveLength(1);
    const detail = await detailOf(await calls.detail(order.orderNumber));
    expect(detail.timeline.at(-1)).toMatchObject({ label: '반품 승인 · 환불', state: 'stopped' });
  });

  it('declined with a reason: nothing refunded; the customer reads why', async () => {
    const { order, ops, calls } = await delivered();
    expect((await calls.requestReturn(order.orderNumber, { reason: 'change_of_mind' })).status).toBe(200);
    expect((await ops.decide(order.orderNumber, { decision: 'decline', reason: '' })).status).toBe(400);
    const declined = await ops.decide(order.orderNumber, {
      decision: 'decline',
      reason: '개봉한 식품은 반품할 수 없습니다',
    });
    expect(declined.status).toBe(200);
    const detail = await detailOf(await calls.detail(order.orderNumber));
    expect(detail).toMatchObject({ returnStatus: 'declined', returnDeclineReason: '개봉한 식품은 반품할 수 없습니다' });
    const after = await stored(order.merchantUid);
    expect(after.order.refundedAmount).toBe(0);
    expect(after.refunds).toHaveLength(0);
    expect(after.mails).toContain('order_update:return_declined');
  });

  it('an approval whose refund answer is lost is resolved from the record: refunded once', async () => {
    const { order, ops, calls } = await delivered();
    expect((await calls.requestReturn(order.orderNumber, { reason: 'damaged' })).status).toBe(200);
    const approved = await withAnswersLost(app, 'POST /payments/cancel', () =>
      ops.decide(order.orderNumber, { decision: 'approve', fee: 0 }),
    );
    expect((await approved.json()).refund).toEqual({ refund: 'made', amount: order.amount });
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'refunded', returnStatus: 'approved' });
    expect((await servicePayment(after.order.impUid))?.cancel_history).toHaveLength(1);
    expect((await reconcile()).orderRefunds).toMatchObject({ resolved: 0, errors: [] });
  });

  it('refuses a fee above the refund, a return before delivery, past 7 days, or without a reason', async () => {
    const { order, ops, calls } = await delivered();
    expect((await calls.requestReturn(order.orderNumber, { reason: '' })).status).toBe(400);
    expect((await calls.requestReturn(order.orderNumber, { reason: '파손' })).status).toBe(400);
    expect((await calls.requestReturn(order.orderNumber, { reason: 'other' })).status).toBe(400);
    expect((await calls.requestReturn(order.orderNumber, { reason: 'other', detail: 'x'.repeat(501) })).status).toBe(
      400,
    );
    expect((await calls.requestReturn(order.orderNumber, { reason: 'damaged', more: 1 })).status).toBe(400);
    // A lone surrogate (JSON's "\ud800") is valid JSON that the jsonb audit and text columns refuse.
    expect((await calls.requestReturn(order.orderNumber, { reason: 'other', detail: '파\ud800손' })).status).toBe(400);
    expect((await ops.decide(order.orderNumber, { decision: 'approve', fee: 0 })).status).toBe(409);
    expect((await calls.requestReturn(order.orderNumber, { reason: 'damaged' })).status).toBe(200);
    const tooMuch = await ops.decide(order.orderNumber, { decision: 'approve', fee: order.amount });
    expect(tooMuch.status).toBe(400);
    expect((await tooMuch.json()).error.code).toBe('fee_too_high');
    expect((await ops.decide(order.orderNumber, { decision: 'approve', fee: -1 })).status).toBe(400);
    expect((await ops.decide(order.orderNumber, { decision: 'decline', reason: '개봉\udc00' })).status).toBe(400);
    expect((await stored(order.merchantUid)).order).toMatchObject({ returnStatus: 'requested', refundedAmount: 0 });

    const shopper = await Shopper.withCard();
    const notYet = await paidDelivery(shopper);
    const early = await customerCalls(shopper).requestReturn(notYet.orderNumber, { reason: 'damaged' });
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe('return_not_allowed');
  });

  it('past 7 days after delivery (service clock) a return is refused', async () => {
    const { order, calls } = await delivered();
    await app.emulator().advanceClock(7 * 86_400 + 60);
    const late = await calls.requestReturn(order.orderNumber, { reason: 'damaged' });
    expect(late.status).toBe(409);
    expect((await late.json()).error.code).toBe('return_window_closed');
    expect((await detailOf(await calls.detail(order.orderNumber))).mayRequestReturn).toBe(false);
    expect((await stored(order.merchantUid)).order.returnStatus).toBeNull();
  });
});
