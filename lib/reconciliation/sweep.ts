import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, subscriptionCharges } from '@/lib/db';
import { failureOf, iamport, type Payment } from '@/lib/iamport';
import { paidOrderImpUids } from '@/lib/orders';
import { kindOf, refundInFull } from '@/lib/payments';
import { type Settlement, settlement } from '@/lib/payments/client';
import { paymentHandlers } from '@/lib/webhooks';

export interface SweepReport {
  /** Paid payments of ours the service listed. */
  checked: number;
  /** Paid payments the database did not account for, settled through their owner (applied or refunded). */
  settled: number;
  /** Of those, refunded because nothing here could take them (an unknown order number). */
  refunded: number;
  /** merchant_uid: what was done, for every payment that was not accounted for. */
  found: string[];
  errors: string[];
}

const remaining = (payment: Payment) => payment.amount - payment.cancel_amount;

/**
 * Sweeps the service's own list of our paid payments whose payment time lies in [from, to]
 * (service clock): each with one of our merchant_uid prefixes that no paid order or subscription
 * charge accounts for — a lost notice, a payment we never asked for — is handed to its owner as a
 * notice would be (applied, or refunded when it buys nothing); one that still buys nothing (its
 * order number is unknown here) is refunded in full. A payment refunded at the service (its console)
 * while an order here still rests on it settles that order. Every such payment is reported.
 */
export async function sweepPayments(from: number, to: number): Promise<SweepReport> {
  const report: SweepReport = { checked: 0, settled: 0, refunded: 0, found: [], errors: [] };
  const paid = (await iamport().payments.listAllByStatus({ status: 'paid', from, to })).filter(
    (payment) => kindOf(payment.merchant_uid) !== undefined && remaining(payment) > 0,
  );
  report.checked = paid.length;
  const accounted = await accountedFor(paid.map((payment) => payment.imp_uid));
  // Refunded at the service (from its console) while an order or charge here still rests on it: a lost notice.
  const cancelled = await iamport().payments.listAllByStatus({ status: 'cancelled', from, to });
  const stale = await paidOrdersOn(cancelled.map((payment) => payment.imp_uid));
  for (const payment of [
    ...paid.filter((p) => !accounted.has(p.imp_uid)),
    ...cancelled.filter((p) => stale.has(p.imp_uid)),
  ]) {
    try {
      const settled = await settle(payment);
      report.settled += 1;
      if (settled.kind === 'refunded') report.refunded += 1;
      report.found.push(`${payment.merchant_uid}: ${settled.note}`);
    } catch (error) {
      report.errors.push(failureOf(payment.merchant_uid, error));
    }
  }
  return report;
}

async function settle(payment: Payment): Promise<Settlement> {
  const kind = kindOf(payment.merchant_uid);
  const handler = kind && paymentHandlers[kind];
  const settled = handler ? await handler(payment) : settlement('ignored', 'no handler');
  if (payment.status !== 'paid' || (await accountedFor([payment.imp_uid])).size > 0) return settled;
  // Still bought nothing (no such order or charge here, or its owner ignored it): given back.
  const now = await iamport().payments.get({ imp_uid: payment.imp_uid });
  if (now.status === 'paid' && remaining(now) > 0) {
    await refundInFull(now.imp_uid, remaining(now), '주문 내역에 없는 결제');
    return settlement('refunded', `refunded: not accounted for (${settled.note})`);
  }
  return settled;
}

/** The imp_uids among `impUids` that a paid order or a paid subscription charge rests on. */
const paidOrdersOn = accountedFor;

/** The imp_uids among `impUids` that a paid order or a paid subscription charge rests on. */
async function accountedFor(impUids: string[]): Promise<Set<string>> {
  if (impUids.length === 0) return new Set();
  const db = await getDb();
  const [byOrders, byCharges] = await Promise.all([
    paidOrderImpUids(impUids),
    db
      .select({ impUid: subscriptionCharges.impUid })
      .from(subscriptionCharges)
      .where(and(inArray(subscriptionCharges.impUid, impUids), eq(subscriptionCharges.status, 'paid'))),
  ]);
  return new Set([...byOrders, ...byCharges.map((row) => row.impUid ?? '')]);
}
