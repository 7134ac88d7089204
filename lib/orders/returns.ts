import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Operator } from '@/lib/audit';
import { appendAudit } from '@/lib/audit';
import { orders } from '@/lib/db';
import type { Payment } from '@/lib/iamport';
import { enqueueMail, orderUpdate } from '@/lib/mail';
import type { ReturnDecision } from '@/lib/orders/fulfilment-schemas';
import { makeRefund, type RefundAccount, type RefundTx, resolveRefund, serviceNowOn } from '@/lib/payments';
import type { CancelResult } from './cancel-order';
import { findOrderByNumber } from './fulfilment';
import {
  latestOrderRefund,
  orderRefundBook,
  promiseOrderRefund,
  RefundRaced,
  readRefundable,
  refuseRaced,
  withRefundLock,
} from './order-refunds';
import { stepOrder } from './order-step';
import type { Order } from './orders';
import { refundAccountFor } from './refund-account';
import { refuseOrder } from './refusals';

export const RETURN_REASON = '반품 승인: 환불';

/**
 * An operator's decision on a return the customer asked for. Approve: the return is marked
 * approved and its refund — what is left of the payment less the stated return shipping fee —
 * promised in one transaction under the payment's refund lock (only while the request is open, so
 * two operators cannot both approve), then asked once and, when the answer is lost, resolved from
 * the record like every refund. An approval of a return approved already is refused (409) — unless
 * its refund is still in flight (a lost answer, another operator's click a moment before), which it
 * then resolves and answers — never a second refund. Decline: marked with the reason. Each is
 * mailed and audited.
 */
export async function decideReturn(
  operator: Pick<Operator, 'id' | 'email'>,
  orderNumber: string,
  decision: ReturnDecision,
): Promise<{ order: Order; refund?: CancelResult }> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const order = await findOrderByNumber(orderNumber);
    if (!order) throw refuseOrder('order_not_found');
    const approved = decision.decision === 'approve' ? await approvedBefore(order) : undefined;
    if (approved) return { order: await reload(order), refund: approved };
    if (order.returnStatus !== 'requested' || order.status !== 'paid') throw refuseOrder('return_not_requested');
    const now = await serviceNowOn(order.api);
    if (decision.decision === 'decline') return { order: await decline(operator, order, decision.reason, now) };
    if (!order.impUid) throw refuseOrder('return_not_requested');
    const { payment, refundable: balance } = await readRefundable(order.impUid, order.api);
    // A 가상계좌's refund goes to the customer's account: without one on file, a 409 and nothing changes.
    const refundAccount = refundAccountFor(order, payment);
    const refund = balance - decision.fee;
    // Nothing left but the fee: another operator's approval may have been refunded just now (seen next round).
    if (refund <= 0) {
      if (attempt < 2) continue;
      throw refuseOrder('fee_too_high');
    }
    try {
      const promise = await withRefundLock(order.impUid, (tx) =>
        approveAndPromise(tx, operator, order, { payment, refund, fee: decision.fee, now, refundAccount }),
      );
      const outcome = await makeRefund(promise, orderRefundBook);
      return { order: await reload(order), refund: { refund: outcomeWord(outcome.kind), amount: refund } };
    } catch (error) {
      if (!(error instanceof RefundRaced)) throw error;
      // Another refund in flight: this return's own approval (answered next round), or an operator's (409).
      if (error.claim.kind === 'in_flight' && error.claim.refund.origin !== 'order_return') throw refuseRaced();
    }
  }
  throw refuseRaced();
}

/** The refund of this return's approval while it is still in flight (its answer lost, or another request's): resolved now. */
async function approvedBefore(order: Order): Promise<CancelResult | undefined> {
  if (order.returnStatus !== 'approved') return undefined;
  const earlier = await latestOrderRefund(order.merchantUid);
  if (earlier?.origin !== 'order_return' || earlier.status !== 'requested') return undefined;
  const outcome = await resolveRefund(earlier, orderRefundBook);
  return { refund: outcomeWord(outcome.kind), amount: earlier.amount };
}

/** Approved and its refund promised in one transaction, only while the request is open: two operators cannot both approve. */
async function approveAndPromise(
  tx: RefundTx,
  operator: Pick<Operator, 'id' | 'email'>,
  order: Order,
  {
    payment,
    refund,
    fee,
    now,
    refundAccount,
  }: { payment: Payment; refund: number; fee: number; now: number; refundAccount: RefundAccount | undefined },
) {
  const [row] = await tx
    .update(orders)
    .set({ returnStatus: 'approved', returnFee: fee, returnDecidedAt: now, updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.returnStatus, 'requested'), eq(orders.status, 'paid')))
    .returning();
  if (!row) throw refuseOrder('return_not_requested');
  const promised = await promiseOrderRefund(tx, row, {
    payment,
    origin: 'order_return',
    operator,
    amount: refund,
    reason: fee > 0 ? `${RETURN_REASON} (반품 배송비 ${fee}원 제외)` : RETURN_REASON,
    now,
    refundAccount,
  });
  await enqueueMail(tx, orderUpdate(row, 'return_approved', now, { fee, refund }));
  await appendAudit(tx, operator, {
    action: 'order.return_approve',
    targetType: 'order',
    targetId: row.merchantUid,
    amount: refund,
    note: fee > 0 ? `return fee ${fee}` : null,
    result: 'approved',
  });
  return promised;
}

const outcomeWord = (kind: string): CancelResult['refund'] =>
  kind === 'unknown' ? 'pending' : kind === 'refused' ? 'failed' : 'made';

async function decline(operator: Pick<Operator, 'id' | 'email'>, order: Order, reason: string, now: number) {
  const changed = await stepOrder(order.id, {
    set: { returnStatus: 'declined', returnDeclineReason: reason, returnDecidedAt: now },
    from: [eq(orders.returnStatus, 'requested')],
    mail: (row) => orderUpdate(row, 'return_declined', now, { reason }),
    actor: operator,
    audit: () => ({ action: 'order.return_decline', reason, result: 'declined' }),
  });
  if (!changed) throw refuseOrder('return_not_requested');
  return changed;
}

async function reload(order: Order): Promise<Order> {
  return (await findOrderByNumber(order.orderNumber)) ?? order;
}
