import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, subscriptionCharges } from '@/lib/db';
import { env } from '@/lib/env';
import { failureOf, iamport, type Payment } from '@/lib/iamport';
import { anyOrderOn, findOrderByMerchantUid, giveBack, owedImpUids, paidOrderImpUids } from '@/lib/orders';
import { kindOf, readPaymentOn } from '@/lib/payments';
import { type Settlement, settlement } from '@/lib/payments/client';
import { type Api, asV1Payment, type PaymentListInput, providerFor } from '@/lib/provider';
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

/**
 * One API's payments as the settlement code reads them (V1's record shape; a V2 payment's imp_uid
 * is its paymentId, which is our merchant_uid): listed by status in a window, and re-read.
 */
interface PaymentSource {
  api: Api;
  list(input: PaymentListInput): Promise<Payment[]>;
  read(id: string): Promise<Payment>;
}

const SOURCES: Record<Api, PaymentSource> = {
  // V1's client as it always was: its records keep what V1 alone says (customer_uid, its usage).
  v1: {
    api: 'v1',
    list: (input) => iamport().payments.listAllByStatus(input),
    read: (id) => iamport().payments.get({ imp_uid: id }),
  },
  v2: {
    api: 'v2',
    list: async (input) => (await providerFor('v2').listPayments(input)).map(asV1Payment),
    read: (id) => readPaymentOn('v2', id),
  },
};

const remaining = (payment: Payment) => payment.amount - payment.cancel_amount;

/**
 * Whether the shop has payments on V2 to sweep: it is on V2 now (PORTONE_API=v2), or made an order
 * or a subscription charge there before moving back. A shop never on V2 never asks it.
 */
export async function sweepsV2(): Promise<boolean> {
  if (env.PORTONE_API === 'v2') return true;
  if (await anyOrderOn('v2')) return true;
  const db = await getDb();
  const [charge] = await db
    .select({ id: subscriptionCharges.id })
    .from(subscriptionCharges)
    .where(eq(subscriptionCharges.api, 'v2'))
    .limit(1);
  return charge !== undefined;
}

/**
 * Sweeps the service's own list of our paid payments on `api` whose status time lies in [from, to]
 * (that API's service clock): each with one of our merchant_uid prefixes that no paid order or
 * subscription charge accounts for — a lost notice, a payment we never asked for — is handed to its
 * owner as a notice would be (applied, or refunded when it buys nothing); one that still buys
 * nothing (its order number is unknown here) is refunded in full on that API. A payment refunded
 * at the service (its console) while an order here still rests on it settles that order. Every
 * such payment is reported.
 */
export async function sweepPayments(from: number, to: number, api: Api = 'v1'): Promise<SweepReport> {
  const source = SOURCES[api];
  const report: SweepReport = { checked: 0, settled: 0, refunded: 0, found: [], errors: [] };
  const paid = (await source.list({ status: 'paid', from, to })).filter(
    (payment) => kindOf(payment.merchant_uid) !== undefined && remaining(payment) > 0,
  );
  report.checked = paid.length;
  const accounted = await accountedFor(paid.map((payment) => payment.imp_uid));
  // Refunded at the service (from its console) while an order or charge here still rests on it: a lost notice.
  const cancelled = await source.list({ status: 'cancelled', from, to });
  const stale = await paidOrdersOn(cancelled.map((payment) => payment.imp_uid));
  for (const payment of [
    ...paid.filter((p) => !accounted.has(p.imp_uid)),
    ...cancelled.filter((p) => stale.has(p.imp_uid)),
  ]) {
    try {
      const settled = await settle(payment, source);
      report.settled += 1;
      if (settled.kind === 'refunded') report.refunded += 1;
      report.found.push(`${payment.merchant_uid}: ${settled.note}`);
    } catch (error) {
      report.errors.push(failureOf(payment.merchant_uid, error));
    }
  }
  return report;
}

async function settle(payment: Payment, source: PaymentSource): Promise<Settlement> {
  const kind = kindOf(payment.merchant_uid);
  const handler = kind && paymentHandlers[kind];
  const settled = handler ? await handler(payment) : settlement('ignored', 'no handler');
  if (payment.status !== 'paid' || (await accountedFor([payment.imp_uid])).size > 0) return settled;
  // Still bought nothing (no such order or charge here, or its owner ignored it): given back on its own API.
  const now = await source.read(payment.imp_uid);
  if (now.status === 'paid' && remaining(now) > 0) {
    // A 가상계좌's is owed until an account is named (an operator's, for an order number unknown here).
    const order = await findOrderByMerchantUid(now.merchant_uid);
    const given = await giveBack(order, now, '주문 내역에 없는 결제', source.api);
    if (given.kind === 'owed') return settlement('applied', `refund owed: not accounted for (${settled.note})`);
    return settlement('refunded', `refunded: not accounted for (${settled.note})`);
  }
  return settled;
}

/** The imp_uids among `impUids` that a paid order or a paid subscription charge rests on. */
async function paidOrdersOn(impUids: string[]): Promise<Set<string>> {
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

/** Those, and the ones given back as owed refunds (or owed until the customer names an account). */
async function accountedFor(impUids: string[]): Promise<Set<string>> {
  const [paid, owed] = await Promise.all([paidOrdersOn(impUids), owedImpUids(impUids)]);
  return new Set([...paid, ...owed]);
}
