import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { getDb, owedRefunds } from '@/lib/db';
import { iamport, type Payment } from '@/lib/iamport';
import { enqueueMail, refundOwed } from '@/lib/mail';
import { refundInFull } from '@/lib/payments';
import { type Api, apiOfRecord } from '@/lib/provider';
import type { OwedRefundView } from './order-view';
import type { Order } from './orders';
import { accountOn, type OwedRefund, payOwed, remaining } from './owed-refund-payment';

// Money the shop must give back by itself: a paid payment that buys nothing (a second payment of an
// order already settled, an amount not the order's, a payment landing on an order given up on, one
// no order here accounts for). A card's goes back at once. A 가상계좌's goes back only to an account
// the customer names (the service refuses a refund without one): to the order's account when one is
// on file, else it is recorded owed — once per payment, the customer mailed once — and made once
// when the account is given (owed-refund-payment.ts).

export type { OwedRefund } from './owed-refund-payment';

/** What giving back came to: refunded at the service now, or owed (waiting for an account, or in flight). */
export type GiveBack = { kind: 'refunded'; payment: Payment } | { kind: 'owed'; owed: OwedRefund };

/**
 * Gives back what is left of `payment`, which buys nothing, for `reason` (the customer's words).
 * `order` is the order named by its merchant_uid, if there is one here; `api` the API the payment
 * is on (by default told from the record itself: an order-less V2 payment a notice named is V2's).
 */
export async function giveBack(
  order: Order | undefined,
  payment: Payment,
  reason: string,
  api: Api = apiOfRecord(payment),
): Promise<GiveBack> {
  if (payment.pay_method !== 'vbank')
    return {
      kind: 'refunded',
      // On the API the payment is on.
      payment: await refundInFull(payment.imp_uid, remaining(payment), reason, api),
    };
  const owed = await recordOwed(order, payment, reason);
  const account = order && accountOn(order);
  if (owed.status !== 'owed' || !account) return { kind: 'owed', owed };
  await payOwed(owed, account);
  return { kind: 'owed', owed: (await findOwed(owed.id)) ?? owed };
}

/** The payment's owed refund, written once (unique per imp_uid); its customer mailed when it is first written without an account. */
async function recordOwed(order: Order | undefined, payment: Payment, reason: string): Promise<OwedRefund> {
  const now = await iamport().serviceNow();
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(owedRefunds)
      .values({
        impUid: payment.imp_uid,
        merchantUid: payment.merchant_uid,
        userId: order?.userId,
        orderId: order?.id,
        amount: remaining(payment),
        reason: reason.slice(0, 200),
        owedAt: now,
      })
      .onConflictDoNothing({ target: owedRefunds.impUid })
      .returning();
    if (row && order && !accountOn(order)) await enqueueMail(tx, refundOwed(order, row));
    if (row) return row;
    const earlier = await tx.query.owedRefunds.findFirst({ where: eq(owedRefunds.impUid, payment.imp_uid) });
    if (!earlier) throw new Error(`owed refund of ${payment.imp_uid}: neither written nor found`);
    return earlier;
  });
}

async function findOwed(id: string): Promise<OwedRefund | undefined> {
  const db = await getDb();
  return db.query.owedRefunds.findFirst({ where: eq(owedRefunds.id, id) });
}

/** The owed refunds of an order (its page, the console), oldest first. */
export async function owedRefundsOf(merchantUid: string): Promise<OwedRefund[]> {
  const db = await getDb();
  return db.query.owedRefunds.findMany({
    where: eq(owedRefunds.merchantUid, merchantUid),
    orderBy: (table, { asc }) => [asc(table.createdAt)],
  });
}

export const owedRefundView = (owed: OwedRefund): OwedRefundView => ({
  id: owed.id,
  amount: owed.amount,
  reason: owed.reason,
  state: owed.status,
  failure: owed.failure,
});

/** The imp_uids among `impUids` recorded as owed refunds (given back, or waiting for an account). */
export async function owedImpUids(impUids: string[]): Promise<string[]> {
  if (impUids.length === 0) return [];
  const db = await getDb();
  const rows = await db
    .select({ impUid: owedRefunds.impUid })
    .from(owedRefunds)
    .where(inArray(owedRefunds.impUid, impUids));
  return rows.map((row) => row.impUid);
}
