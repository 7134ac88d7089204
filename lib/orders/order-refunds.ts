import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { orders, refunds } from '@/lib/db/schema';
import { appendAudit } from '@/lib/ops/audit';
import {
  type Refund,
  type RefundBook,
  type RefundOutcome,
  type RefundTx,
  resolveRefund,
} from '@/lib/payments/promised-refunds';
import { failureOf } from '@/lib/reconciliation/failure';
import { recordOrderRefund } from './refunds';

// The refunds of an order's cancel (customer, before shipping) and of an approved return (operator)
// go through the one machinery of promised refunds (lib/payments/promised-refunds.ts): written down
// in the transaction that cancels the order or approves the return, asked once with the balance as
// checksum, and — when the answer is lost — resolved from the record's cancel_history by the next
// request or by reconciliation. These books record one made on its order (with its refund mail) and
// audit it; one that can never be made is audited for operators to see.

export type OrderRefundOrigin = 'order_cancel' | 'order_return';

/** Who an audit row of a customer's own step names: the customer's id, marked as a customer. */
export const customerActor = (userId: string) => ({ id: userId, email: 'customer' });

const actorOf = (refund: Refund) =>
  refund.operatorId ? { id: refund.operatorId, email: refund.operatorEmail ?? '' } : customerActor(refund.userId);

async function orderOf(tx: RefundTx, merchantUid: string) {
  return tx.query.orders.findFirst({ where: eq(orders.merchantUid, merchantUid) });
}

export const orderRefundBook: RefundBook = {
  async made(tx, refund, payment) {
    const order = await orderOf(tx, refund.merchantUid);
    if (order) await recordOrderRefund(order, payment, tx);
    await appendAudit(tx, actorOf(refund), {
      action: refund.origin === 'order_cancel' ? 'order.cancel_refund' : 'order.return_refund',
      targetType: 'order',
      targetId: refund.merchantUid,
      amount: refund.amount,
      result: `refunded ${refund.amount}; ${payment.amount - payment.cancel_amount} left`,
    });
  },
  async failed(tx, refund, message) {
    await appendAudit(tx, actorOf(refund), {
      action: 'order.refund_failed',
      targetType: 'order',
      targetId: refund.merchantUid,
      amount: refund.amount,
      result: `not refunded: ${message}`,
    });
  },
};

/** The order's latest refund of these origins (in flight, made or failed), for its page and its retry. */
export async function latestOrderRefund(merchantUid: string): Promise<Refund | undefined> {
  const db = await getDb();
  return db.query.refunds.findFirst({
    where: and(eq(refunds.merchantUid, merchantUid), inArray(refunds.origin, ['order_cancel', 'order_return'])),
    orderBy: (table, { desc }) => [desc(table.createdAt)],
  });
}

/** For reconciliation: order refunds whose answer was lost, resolved from the payment's record. */
export async function resolveOrderRefunds(): Promise<{ resolved: number; failed: string[]; errors: string[] }> {
  const db = await getDb();
  const open = await db.query.refunds.findMany({
    where: and(eq(refunds.status, 'requested'), inArray(refunds.origin, ['order_cancel', 'order_return'])),
  });
  const report = { resolved: 0, failed: [] as string[], errors: [] as string[] };
  for (const refund of open) {
    let outcome: RefundOutcome;
    try {
      outcome = await resolveRefund(refund, orderRefundBook);
    } catch (error) {
      report.errors.push(failureOf(`${refund.merchantUid}: refund`, error));
      continue;
    }
    if (outcome.kind === 'unknown')
      report.errors.push(`${refund.merchantUid}: refund of ${refund.amount} still unknown`);
    else report.resolved += 1;
    if (outcome.kind === 'refused') report.failed.push(`${refund.merchantUid}: ${outcome.message}`);
  }
  return report;
}
