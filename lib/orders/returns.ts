import 'server-only';
import { and, eq } from 'drizzle-orm';
import { orders } from '@/lib/db/schema';
import { iamport, type Payment } from '@/lib/iamport';
import { orderUpdate } from '@/lib/mail/order-notices';
import { enqueueMail } from '@/lib/mail/outbox';
import { appendAudit } from '@/lib/ops/audit';
import type { Operator } from '@/lib/ops/operators';
import { makeRefund, type RefundTx, resolveRefund } from '@/lib/payments/promised-refunds';
import type { ReturnDecision } from '@/lib/shared/fulfilment-schemas';
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
import { refuseOrder } from './refusals';

export const RETURN_REASON = '반품 승인: 환불';

/**
 * An operator's decision on a return the customer asked for. Approve: the return is marked
 * approved and its refund — what is left of the payment less the stated return shipping fee —
 * promised in one transaction (only while the request is open, so two operators cannot both
 * approve), then asked once and, when the answer is lost, resolved from the record like every
 * refund. Decline: marked with the reason. Each is mailed and audited.
 */
export async function decideReturn(
  operator: Pick<Operator, 'id' | 'email'>,
  orderNumber: string,
  decision: ReturnDecision,
): Promise<{ order: Order; refund?: CancelResult }> {
  const order = await findOrderByNumber(orderNumber);
  if (!order) throw refuseOrder('order_not_found');
  // An approval whose refund answer was lost: the same request again resolves it, never a second refund.
  const earlier = await latestOrderRefund(order.merchantUid);
  if (decision.decision === 'approve' && order.returnStatus === 'approved' && earlier?.status === 'requested') {
    const outcome = await resolveRefund(earlier, orderRefundBook);
    return { order: await reload(order), refund: { refund: outcomeWord(outcome.kind), amount: earlier.amount } };
  }
  if (order.returnStatus !== 'requested' || order.status !== 'paid') throw refuseOrder('return_not_requested');
  const now = await iamport().serviceNow();
  if (decision.decision === 'decline') return { order: await decline(operator, order, decision.reason, now) };
  if (!order.impUid) throw refuseOrder('return_not_requested');
  // A refund of ours made between the read and the promise (an operator's) changes the balance: read again.
  for (let attempt = 0; attempt < 3; attempt++) {
    const { payment, refundable: balance } = await readRefundable(order.impUid);
    const refund = balance - decision.fee;
    if (refund <= 0) throw refuseOrder('fee_too_high');
    try {
      const promise = await withRefundLock(order.impUid, (tx) =>
        approveAndPromise(tx, operator, order, { payment, refund, fee: decision.fee, now }),
      );
      const outcome = await makeRefund(promise, orderRefundBook);
      return { order: await reload(order), refund: { refund: outcomeWord(outcome.kind), amount: refund } };
    } catch (error) {
      if (!(error instanceof RefundRaced)) throw error;
      if (error.claim.kind === 'in_flight') throw refuseRaced();
    }
  }
  throw refuseRaced();
}

/** Approved and its refund promised in one transaction, only while the request is open: two operators cannot both approve. */
async function approveAndPromise(
  tx: RefundTx,
  operator: Pick<Operator, 'id' | 'email'>,
  order: Order,
  { payment, refund, fee, now }: { payment: Payment; refund: number; fee: number; now: number },
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
