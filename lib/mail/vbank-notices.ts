import 'server-only';
import type { orders, owedRefunds } from '@/lib/db';
import type { Mail } from './outbox';

// The mails of a 가상계좌 order before its money arrives: the account to transfer to when it is issued,
// and the order cancelled when its deadline passed unpaid. Each is written by the statement that moves
// the order (lib/orders/orders.ts), keyed by the order, so it is sent once. The deposit's mail is the receipt.

type Order = typeof orders.$inferSelect;

const account = (order: Order) => ({
  title: order.productName,
  orderNumber: order.orderNumber,
  amount: order.amount,
  bankName: order.vbankName ?? order.vbankCode ?? '',
  accountNumber: order.vbankNum ?? '',
  holder: order.vbankHolder ?? '',
  due: order.vbankDue ?? 0,
});

/** Issued: bank, number, holder, amount and deadline (sent at once: due 0). */
export const vbankIssued = (order: Order): Mail => ({
  kind: 'vbank_issued',
  subject: order.id,
  occasion: 'issued',
  userId: order.userId,
  dueAt: 0,
  payload: account(order),
});

/** The deadline passed with no deposit: the order is cancelled and the account takes no more money. */
export const vbankExpired = (order: Order): Mail => ({
  kind: 'vbank_expired',
  subject: order.id,
  occasion: 'expired',
  userId: order.userId,
  dueAt: order.cancelledAt ?? order.vbankDue ?? 0,
  payload: account(order),
});

/**
 * A payment of the order buys nothing (a second deposit, an amount not the order's) and must go back
 * by transfer, but no refund account is on file: the customer is asked for one, once per payment.
 */
export const refundOwed = (order: Order, owed: typeof owedRefunds.$inferSelect): Mail => ({
  kind: 'refund_owed',
  subject: owed.impUid,
  occasion: 'owed',
  userId: order.userId,
  dueAt: owed.owedAt,
  payload: { title: order.productName, orderNumber: order.orderNumber, amount: owed.amount, reason: owed.reason },
});
