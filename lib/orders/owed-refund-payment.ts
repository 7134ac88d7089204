import 'server-only';
import { and, eq } from 'drizzle-orm';
import { appendAudit, refundFailedAudit } from '@/lib/audit';
import { getDb, orders, owedRefunds, refunds } from '@/lib/db';
import { failureOf, iamport, type Payment } from '@/lib/iamport';
import { enqueueMails, refundNotices } from '@/lib/mail';
import {
  lockRefundsOf,
  makeRefund,
  promiseRefund,
  type Refund,
  type RefundAccount,
  type RefundBook,
  type RefundOutcome,
  type RefundTx,
  resolveRefund,
} from '@/lib/payments';
import { actorOf } from './order-refunds';
import type { Order } from './orders';

// Money owed back (owed-refunds.ts) made once the account is given — the customer on the order page,
// an operator in the console, reconciliation for an account kept while the service was out of reach:
// through the promised-refund machinery (origin `owed`) under the payment's refund lock, the owed row
// claimed in the transaction that promises the refund, however many submissions, notices and
// reconciliations overlap.

export type OwedRefund = typeof owedRefunds.$inferSelect;

export const remaining = (payment: Payment) => payment.amount - payment.cancel_amount;

/** The refund account on the order, if all of it is there. */
export const accountOn = (order: Order): RefundAccount | undefined => {
  const { refundBank: bank, refundAccount: account, refundHolder: holder } = order;
  return bank && account && holder ? { bank, account, holder } : undefined;
};

/**
 * Reconciliation: money owed whose order now has a refund account (kept by a request whose refund
 * could not be asked then — the service out of reach) is refunded to it, once. Answers how many were
 * asked, and what could not be.
 */
export async function settleOwedWithAccounts(): Promise<{ asked: number; errors: string[] }> {
  const report = { asked: 0, errors: [] as string[] };
  const db = await getDb();
  const rows = await db
    .select({ owed: owedRefunds, order: orders })
    .from(owedRefunds)
    .innerJoin(orders, eq(orders.id, owedRefunds.orderId))
    .where(eq(owedRefunds.status, 'owed'));
  for (const { owed, order } of rows) {
    const account = accountOn(order);
    if (!account) continue;
    try {
      await payOwed(owed, account);
      report.asked += 1;
    } catch (error) {
      report.errors.push(failureOf(`${owed.merchantUid}: owed refund`, error));
    }
  }
  return report;
}

/** One that was made or failed: the owed row follows, in the transaction that marks the promise. */
export const owedRefundBook: RefundBook = {
  async made(tx, refund, payment) {
    const [owed] = await tx
      .update(owedRefunds)
      .set({ status: 'refunded', refundedAt: refund.resolvedAt, failure: null })
      .where(eq(owedRefunds.refundId, refund.id))
      .returning();
    const order = owed?.orderId ? await tx.query.orders.findFirst({ where: eq(orders.id, owed.orderId) }) : undefined;
    if (refund.userId) await enqueueMails(tx, refundNotices(refund.userId, order?.productName ?? '결제', payment));
    if (refund.userId || refund.operatorId)
      await appendAudit(tx, actorOf(refund), {
        action: 'order.owed_refund',
        targetType: 'order',
        targetId: refund.merchantUid,
        amount: refund.amount,
        result: `refunded ${refund.amount}; ${payment.amount - payment.cancel_amount} left`,
      });
  },
  async failed(tx, refund, message) {
    // Owed again: the account may be given anew (the service refused this one).
    await tx
      .update(owedRefunds)
      .set({ status: 'owed', refundId: null, failure: message.slice(0, 500) })
      .where(eq(owedRefunds.refundId, refund.id));
    if (refund.userId || refund.operatorId)
      await appendAudit(
        tx,
        actorOf(refund),
        refundFailedAudit(refund, { action: 'order.refund_failed', targetType: 'order' }, message),
      );
  },
};

/** Who gave the account: the customer (on their order page) or an operator (the console). */
export type OwedActor = { operator?: { id: string; email: string } };

/**
 * Makes the owed refund to `account` (its holder already checked at the service), once: under the
 * payment's refund lock the owed row is claimed (`refunding`) in the transaction that promises the
 * refund, so ten submissions at once, a notice and reconciliation make one refund; the others find
 * it claimed and answer with it (resolving it if its answer is still unknown).
 */
export async function payOwed(
  owed: OwedRefund,
  account: RefundAccount,
  actor: OwedActor = {},
): Promise<RefundOutcome | undefined> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const payment = await iamport().payments.get({ imp_uid: owed.impUid });
    const now = await iamport().serviceNow();
    const db = await getDb();
    const claimed = await db.transaction(async (tx) => claim(tx, owed.id, payment, account, now, actor));
    if (claimed === 'stale') continue;
    if (!claimed) return undefined;
    // Ours: asked now. Another's in flight (a second submission, reconciliation): resolved from the record.
    return 'promised' in claimed
      ? makeRefund(claimed.promised, owedRefundBook)
      : resolveRefund(claimed.inFlight, owedRefundBook);
  }
  return undefined;
}

type Claimed = { promised: Refund } | { inFlight: Refund } | 'stale' | undefined;

/** Under the lock: the promise written and the owed row claimed, or the refund already in flight, or nothing to do. */
async function claim(
  tx: RefundTx,
  id: string,
  payment: Payment,
  account: RefundAccount,
  now: number,
  { operator }: OwedActor,
): Promise<Claimed> {
  await lockRefundsOf(tx, payment.imp_uid);
  const [owed] = await tx.select().from(owedRefunds).where(eq(owedRefunds.id, id));
  if (!owed) return undefined;
  if (owed.status === 'refunding' && owed.refundId) {
    const [inFlight] = await tx.select().from(refunds).where(eq(refunds.id, owed.refundId));
    return inFlight?.status === 'requested' ? { inFlight } : undefined;
  }
  if (owed.status !== 'owed') return undefined;
  if (payment.status !== 'paid' || remaining(payment) <= 0) {
    // Given back another way meanwhile (the service's console): nothing is owed any more.
    await tx.update(owedRefunds).set({ status: 'refunded', refundedAt: now }).where(eq(owedRefunds.id, id));
    return undefined;
  }
  const promised = await promiseRefund(tx, {
    payment,
    merchantUid: owed.merchantUid,
    userId: owed.userId,
    origin: 'owed',
    operator,
    amount: remaining(payment),
    reason: owed.reason,
    now,
    refundAccount: account,
  });
  if (promised.kind === 'stale') return 'stale';
  // Another refund of the payment in flight (an operator's, in the console): this one waits for it.
  if (promised.kind === 'in_flight') return undefined;
  await tx
    .update(owedRefunds)
    .set({ status: 'refunding', refundId: promised.refund.id, amount: promised.refund.amount, failure: null })
    .where(and(eq(owedRefunds.id, id), eq(owedRefunds.status, 'owed')));
  return { promised: promised.refund };
}
