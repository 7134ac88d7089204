import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { appendAudit } from '@/lib/audit';
import { orders } from '@/lib/db';
import { iamport, type Payment } from '@/lib/iamport';
import { enqueueMail, orderUpdate } from '@/lib/mail';
import { makeRefund, type Refund, type RefundOutcome, type RefundTx, resolveRefund } from '@/lib/payments';
import {
  customerActor,
  latestOrderRefund,
  orderRefundBook,
  promiseOrderRefund,
  RefundRaced,
  readRefundable,
  refuseRaced,
  withRefundLock,
} from './order-refunds';
import { type Order, reloadOrder } from './orders';
import { refuseOrder } from './refusals';

export const CANCEL_REASON = '고객 주문 취소(발송 전): 전액 환불';

/** What a cancel came to: the refund made, or still being confirmed (reconciliation finishes it). */
export type CancelResult = { refund: 'made' | 'pending' | 'failed'; amount: number };

/**
 * The customer's cancel before shipping (청약철회 in one step), with a refund of everything left of
 * the payment. The cancel and the promise of its refund are one transaction, under the payment's
 * refund lock, whose update holds only while the order is unshipped and paid — an operator shipping
 * at the same moment makes exactly one of the two happen (the loser gets a 409). The refund is then
 * asked once (checksum: the balance read just before); a lost answer is resolved from the record's
 * cancel_history, now or by reconciliation. Calling it again — a double click, ten taps at once, a
 * retry after a lost answer — answers with the cancel already decided (resolving it if it is still
 * in flight) and never refunds twice.
 */
export async function cancelOrder(order: Order): Promise<CancelResult> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = attempt === 0 ? order : await reloadOrder(order);
    const decided = await decidedCancel(current);
    if (decided) return decided;
    if (current.fulfilment === 'shipped' || current.fulfilment === 'delivered') throw refuseOrder('already_shipped');
    if (current.status !== 'paid' || !current.impUid || !current.shipping) throw refuseOrder('not_cancellable');
    const { payment, refundable: balance } = await readRefundable(current.impUid);
    // Nothing left: a cancel that raced this one may have been refunded just now (the next round finds it).
    if (balance <= 0) continue;
    const now = await iamport().serviceNow();
    let promise: Refund;
    try {
      promise = await withRefundLock(current.impUid, (tx) => cancelAndPromise(tx, current, payment, balance, now));
    } catch (error) {
      if (error instanceof CancelRaced) continue;
      if (!(error instanceof RefundRaced)) throw error;
      // In flight: this order's own cancel (answered with it next round) or an operator's refund (409).
      if (error.claim.kind === 'in_flight' && error.claim.refund.origin === 'operator') throw refuseRaced();
      continue;
    }
    return resultOf(await makeRefund(promise, orderRefundBook));
  }
  throw refuseOrder('not_cancellable');
}

/** Thrown inside the transaction to undo it: another cancel changed the order first. */
class CancelRaced extends Error {}

/** A cancel decided before (its refund in flight or made): what it came to. */
async function decidedCancel(order: Order): Promise<CancelResult | undefined> {
  const earlier = await latestOrderRefund(order.merchantUid);
  if (earlier?.status === 'requested') return resultOf(await resolveRefund(earlier, orderRefundBook));
  if (order.fulfilment !== 'cancelled') return undefined;
  if (earlier?.origin === 'order_cancel' && earlier.status === 'made')
    return { refund: 'made', amount: earlier.amount };
  // Cancelled with nothing left to give back (refunded from the console before): done.
  if (order.status !== 'paid') return { refund: 'made', amount: order.refundedAmount };
  return undefined;
}

async function cancelAndPromise(tx: RefundTx, order: Order, payment: Payment, balance: number, now: number) {
  const [row] = await tx
    .update(orders)
    .set({ fulfilment: 'cancelled', cancelledAt: order.cancelledAt ?? now, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, 'paid'),
        // `cancelled` again: a cancel whose refund was refused (another refund came first) is asked anew.
        inArray(orders.fulfilment, ['ordered', 'preparing', 'cancelled']),
      ),
    )
    .returning();
  if (!row) {
    // Shipped meanwhile (the operator won), or refunded meanwhile by a cancel that read the same
    // balance: the next round reads the order again and answers with what happened.
    const now = await tx.query.orders.findFirst({ where: eq(orders.id, order.id) });
    if (now?.fulfilment === 'shipped' || now?.fulfilment === 'delivered') throw refuseOrder('already_shipped');
    throw new CancelRaced();
  }
  const promised = await promiseOrderRefund(tx, row, {
    payment,
    origin: 'order_cancel',
    amount: balance,
    reason: CANCEL_REASON,
    now,
  });
  await enqueueMail(tx, orderUpdate(row, 'cancelled', now));
  await appendAudit(tx, customerActor(row.userId), {
    action: 'order.cancel',
    targetType: 'order',
    targetId: row.merchantUid,
    amount: balance,
    result: 'cancelled before shipping',
  });
  return promised;
}

function resultOf(outcome: RefundOutcome): CancelResult {
  const amount = outcome.refund.amount;
  switch (outcome.kind) {
    case 'refunded':
    case 'already':
      return { refund: outcome.refund.status === 'failed' ? 'failed' : 'made', amount };
    case 'refused':
      return { refund: 'failed', amount };
    case 'unknown':
      return { refund: 'pending', amount };
  }
}
