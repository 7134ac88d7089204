// I13 (issue 36.6), checked at the end of a run against the emulator's records and the database:
// nothing is shipped or counted paid before the service's record says paid; a 가상계좌 order still
// waiting has an account open until a deadline not yet passed (a deposit at the deadline is taken); one cancelled for an expired or
// closed account holds no paid payment but money owed back (I14: waiting for the customer's account); every refund of a 가상계좌's money names the account the
// customer left on the order. (I1 holds each deposit to one paid order or a full refund.)

import type { orders as ordersTable, owedRefunds, refunds as refundsTable } from '@/lib/db/schema';
import type { PaymentWire } from '@/test/emulator/kit';

type Order = typeof ordersTable.$inferSelect;
type Refund = typeof refundsTable.$inferSelect;
type Owed = typeof owedRefunds.$inferSelect;

export function vbankViolations(
  now: number,
  data: { payments: PaymentWire[]; orders: Order[]; refunds: Refund[]; owed: Owed[] },
): string[] {
  const found: string[] = [];
  const payment = (impUid: string | null) => data.payments.find((p) => p.imp_uid === impUid);
  for (const o of data.orders) {
    const p = payment(o.impUid);
    // Shipped or counted paid: the service's record says paid (or was paid, and refunded since).
    const everPaid = p !== undefined && p.paid_at > 0 && (p.status === 'paid' || p.status === 'cancelled');
    if ((o.fulfilment !== 'ordered' && o.fulfilment !== 'cancelled') || o.shippedAt !== null)
      if (!everPaid)
        found.push(`I13 ${o.merchantUid}: ${o.fulfilment} but ${p?.status ?? 'no payment'} at the service`);
    if ((o.status === 'paid' || o.paidAt !== null) && !everPaid)
      found.push(`I13 ${o.merchantUid}: counted paid, ${p?.status ?? 'no payment'} at the service`);
    if (o.payMethod !== 'vbank') continue;
    if (o.status === 'awaiting' && (p?.status !== 'ready' || p.vbank_date < now))
      found.push(`I13 ${o.merchantUid}: 입금 대기, but ${p?.status ?? 'no payment'} due ${p?.vbank_date} (now ${now})`);
    // A deposit that buys nothing is owed back until the customer names an account (I14 holds it to once).
    const owedBack = (q: PaymentWire) => data.owed.some((r) => r.impUid === q.imp_uid && r.status === 'owed');
    const paidUnder = data.payments.filter(
      (q) => q.merchant_uid === o.merchantUid && q.status === 'paid' && !owedBack(q),
    );
    if (o.status === 'cancelled' && paidUnder.length > 0)
      found.push(`I13 ${o.merchantUid}: cancelled, yet ${paidUnder.length} paid payment(s) at the service`);
  }
  // Every refund of a 가상계좌's money names the account the customer left (the only one they give).
  for (const r of data.refunds) {
    if (payment(r.impUid)?.pay_method !== 'vbank') continue;
    // Money owed back that an operator refunded to an account they typed (I14 holds it to once).
    if (r.origin === 'owed' && r.operatorId) continue;
    const o = data.orders.find((order) => order.merchantUid === r.merchantUid);
    const named = [r.refundBank, r.refundAccount, r.refundHolder];
    const left = [o?.refundBank, o?.refundAccount, o?.refundHolder];
    if (named.some((v) => !v) || named.some((v, i) => v !== left[i]))
      found.push(
        `I13 ${r.merchantUid}: refund of ${r.amount} to ${named.join('/')}, the customer left ${left.join('/')}`,
      );
  }
  return found;
}
