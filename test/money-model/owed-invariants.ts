// I14 (issue 36, refund owed), checked at the end of a run against the emulator's records and the
// database: every paid 가상계좌 payment that buys nothing (no order rests on it: a second deposit, an
// amount not the order's) is either refunded once or recorded owed — and one owed is refunded once
// after the account is given, never twice, never left half-way.
import type { orders as ordersTable, owedRefunds, refunds as refundsTable } from '@/lib/db/schema';
import type { PaymentWire } from '@/test/emulator/kit';

type Order = typeof ordersTable.$inferSelect;
type Owed = typeof owedRefunds.$inferSelect;
type Refund = typeof refundsTable.$inferSelect;

export function owedViolations(data: {
  payments: PaymentWire[];
  orders: Order[];
  owed: Owed[];
  refunds: Refund[];
}): string[] {
  const found: string[] = [];
  for (const p of data.payments) {
    if (p.pay_method !== 'vbank' || !p.paid_at || !p.merchant_uid.startsWith('ord_')) continue;
    if (data.orders.some((o) => o.impUid === p.imp_uid)) continue;
    const owed = data.owed.find((r) => r.impUid === p.imp_uid);
    const label = `I14 ${p.merchant_uid} (${p.imp_uid}, ${p.amount}원)`;
    if (p.status === 'paid' && owed?.status !== 'owed')
      found.push(`${label}: paid, buys nothing, ${owed ? `owed row ${owed.status}` : 'neither refunded nor owed'}`);
    if (p.status === 'cancelled' && (p.cancel_history.length !== 1 || p.cancel_amount !== p.amount))
      found.push(`${label}: given back in ${p.cancel_history.length} refunds of ${p.cancel_amount}`);
    if (p.status === 'cancelled' && owed && owed.status !== 'refunded')
      found.push(`${label}: refunded at the service, still ${owed.status} here`);
  }
  for (const r of data.owed) {
    const made = data.refunds.filter((f) => f.impUid === r.impUid && f.origin === 'owed' && f.status === 'made');
    if (made.length > 1) found.push(`I14 ${r.merchantUid}: money owed refunded ${made.length} times`);
    if (r.status === 'refunded' && r.refundId && !made.some((f) => f.id === r.refundId))
      found.push(`I14 ${r.merchantUid}: owed marked refunded, its refund not made`);
  }
  return found;
}
