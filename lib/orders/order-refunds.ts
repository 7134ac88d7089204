import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { appendAudit, refundFailedAudit } from '@/lib/audit';
import { getDb, orders, refunds } from '@/lib/db';
import type { Payment } from '@/lib/iamport';
import {
  type Claim,
  lockRefundsOf,
  promiseRefund,
  type Refund,
  type RefundBook,
  type RefundPromise,
  type RefundTx,
  readPaymentOn,
} from '@/lib/payments';
import type { Api } from '@/lib/provider';
import type { Order } from './orders';
import { recordOrderRefund } from './refunds';
import { refuseOrder } from './refusals';

// The refunds of an order's cancel (customer, before shipping) and of an approved return (operator)
// go through the one machinery of promised refunds (lib/payments/promised-refunds.ts): written down
// in the transaction that cancels the order or approves the return, asked once with the balance as
// checksum, and — when the answer is lost — resolved from the record's cancel_history by the next
// request or by reconciliation. These books record one made on its order (with its refund mail) and
// audit it; one that can never be made is audited for operators to see.

export type OrderRefundOrigin = 'order_cancel' | 'order_return';

/** Who an audit row of a customer's own step names: the customer's id, marked as a customer. */
export const customerActor = (userId: string) => ({ id: userId, email: 'customer' });

/** Who a refund's audit row names: its operator, else its customer (every order's refund has one of the two). */
export const actorOf = (refund: Refund) =>
  refund.operatorId
    ? { id: refund.operatorId, email: refund.operatorEmail ?? '' }
    : customerActor(refund.userId ?? refund.merchantUid);

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
    await appendAudit(
      tx,
      actorOf(refund),
      refundFailedAudit(refund, { action: 'order.refund_failed', targetType: 'order' }, message),
    );
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

/**
 * The payment an order rests on, read now for its refund, and what is left of it to refund (nothing
 * unless it is paid); the service out of reach reaches the route wrapper as `service_unavailable`.
 */
export async function readRefundable(
  impUid: string,
  api: Api = 'v1',
): Promise<{ payment: Payment; refundable: number }> {
  const payment = await readPaymentOn(api, impUid);
  return { payment, refundable: payment.status === 'paid' ? payment.amount - payment.cancel_amount : 0 };
}

/** Thrown inside the order's transaction to undo it: another refund of the payment in flight, or one made since the read. */
export class RefundRaced extends Error {
  constructor(readonly claim: Exclude<Claim, { kind: 'promised' }>) {
    super(`refund raced: ${claim.kind}`);
  }
}

/**
 * Opens the transaction that changes an order and promises its refund (cancelled, return approved):
 * the payment's refund lock is taken first — the order every refund path takes its locks in (the
 * lock, then the order's row) — so a refund being marked made meanwhile waits or is seen.
 */
export async function withRefundLock<T>(impUid: string, work: (tx: RefundTx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockRefundsOf(tx, impUid);
    return work(tx);
  });
}

/**
 * The refund of an order's payment, promised in the transaction that changes the order. While
 * another refund of the payment is in flight, or when one of ours was made since the balance was
 * read, it throws RefundRaced, which undoes that transaction: nothing changes.
 */
export async function promiseOrderRefund(
  tx: RefundTx,
  order: Pick<Order, 'merchantUid' | 'userId' | 'api'>,
  promise: Omit<RefundPromise, 'merchantUid' | 'userId' | 'api'>,
): Promise<Refund> {
  // Refunded on the API the order was paid on.
  const claim = await promiseRefund(tx, {
    ...promise,
    api: order.api,
    merchantUid: order.merchantUid,
    userId: order.userId,
  });
  if (claim.kind !== 'promised') throw new RefundRaced(claim);
  return claim.refund;
}

/** A race lost to another refund in flight: 409 `refund_in_progress` (nothing changed). */
export const refuseRaced = () => refuseOrder('refund_in_progress');
