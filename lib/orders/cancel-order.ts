import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import { iamport } from '@/lib/iamport';
import { orderUpdate } from '@/lib/mail/order-notices';
import { enqueueMail } from '@/lib/mail/outbox';
import { appendAudit } from '@/lib/ops/audit';
import { makeRefund, type RefundOutcome, resolveRefund } from '@/lib/payments/promised-refunds';
import { customerActor, latestOrderRefund, orderRefundBook, promiseOrderRefund, readRefundable } from './order-refunds';
import type { Order } from './orders';
import { refuseOrder } from './refusals';

export const CANCEL_REASON = '고객 주문 취소(발송 전): 전액 환불';

/** What a cancel came to: the refund made, or still being confirmed (reconciliation finishes it). */
export type CancelResult = { refund: 'made' | 'pending' | 'failed'; amount: number };

/**
 * The customer's cancel before shipping (청약철회 in one step), with a refund of everything left of
 * the payment. The cancel and the promise of its refund are one transaction whose update holds only
 * while the order is unshipped and paid — an operator shipping at the same moment makes exactly one
 * of the two happen (the loser gets a 409). The refund is then asked once (checksum: the balance
 * read just before); a lost answer is resolved from the record's cancel_history, now or by
 * reconciliation. Calling it again (a double click, a retry after a lost answer) resolves what is
 * in flight first and never refunds twice.
 */
export async function cancelOrder(order: Order): Promise<CancelResult> {
  if (order.fulfilment === 'shipped' || order.fulfilment === 'delivered') throw refuseOrder('already_shipped');
  const earlier = await latestOrderRefund(order.merchantUid);
  if (earlier?.status === 'requested') return resultOf(await resolveRefund(earlier, orderRefundBook));
  if (order.status !== 'paid' || !order.impUid || !order.shipping) {
    if (order.fulfilment === 'cancelled') return { refund: 'made', amount: order.refundedAmount };
    throw refuseOrder('not_cancellable');
  }
  const { payment, refundable: balance } = await readRefundable(order.impUid);
  if (balance <= 0) throw refuseOrder('not_cancellable');
  const now = await iamport().serviceNow();
  const db = await getDb();
  const promise = await db.transaction(async (tx) => {
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
    if (!row) throw refuseOrder('already_shipped');
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
  });
  return resultOf(await makeRefund(promise, orderRefundBook));
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
