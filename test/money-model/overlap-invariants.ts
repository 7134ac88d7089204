// The invariants of overlap (issue 31, DESIGN.md wave 4), checked at the end of a run against the
// emulator's own record:
//  I10 every answer of success names money the service moved, once — a refund answered is a refund
//      promise made whose entry the service's cancel_history holds with that amount (answers of two
//      operators' refunds are each matched to a refund of their own); a charge answered paid is a
//      payment the service holds under that order number.
//  I11 one decision, one movement — at most one cancel-now refund per subscription period (charge),
//      one cancel refund per order, one refund per approved return, one charge per idempotency key.
import { cancelEntryKey } from '@/lib/payments/refund-fate';
import type { Answer } from './answers';
import type { ServicePayment } from './service-records';
import type { World } from './world';

type Refund = {
  merchantUid: string;
  origin: string;
  status: string;
  amount: number;
  entry: string | null;
  impUid: string;
  userId: string | null;
};
type Charge = { merchantUid: string; subscriptionId: string; kind: string };
type Order = { merchantUid: string; userId: string; idempotencyKey: string | null };

type Payment = ServicePayment;

export interface Records {
  payments: Payment[];
  refunds: Refund[];
  charges: Charge[];
  orders: Order[];
}

/** Made, and in the service's record as one entry of its amount. */
function madeAtService(records: Records, refund: Refund): boolean {
  if (refund.status !== 'made' || !refund.entry) return false;
  const payment = records.payments.find((p) => p.imp_uid === refund.impUid);
  const entries = payment?.cancel_history.filter((e) => cancelEntryKey(e) === refund.entry) ?? [];
  return entries.length === 1 && entries[0]?.amount === refund.amount;
}

/** Paid at the service by our own charge (a billing-key charge, not a payment someone else made under our number). */
const chargesUnder = (records: Records, merchantUid: string) =>
  records.payments.filter(
    (p) =>
      p.merchant_uid === merchantUid &&
      p.customer_uid &&
      p.amount > 0 &&
      (p.status === 'paid' || p.status === 'cancelled'),
  );

function judge(records: Records, answer: Answer, claimed: Map<Refund, number>): string | undefined {
  const made = (origins: string[], ofThis: (r: Refund) => boolean) =>
    records.refunds.filter((r) => origins.includes(r.origin) && ofThis(r) && madeAtService(records, r));
  switch (answer.kind) {
    case 'cancel_now': {
      if (answer.amount === 0) return undefined;
      const own = new Set(
        records.charges.filter((c) => c.subscriptionId === answer.subscriptionId).map((c) => c.merchantUid),
      );
      // Several answers may name one decision (a second tap answers the first's refund).
      const found = made(['cancel_now'], (r) => own.has(r.merchantUid)).some((r) => r.amount === answer.amount);
      return found ? undefined : `I10 ${answer.label}: answered a refund of ${answer.amount} the service never made`;
    }
    case 'order_cancel':
    case 'order_return': {
      const found = made([answer.kind], (r) => r.merchantUid === answer.merchantUid).some(
        (r) => r.amount === answer.amount,
      );
      // A cancel after the whole payment went back by other refunds answers what came back.
      const order = records.orders.find((o) => o.merchantUid === answer.merchantUid);
      const gone = records.payments.some(
        (p) => p.merchant_uid === order?.merchantUid && p.status === 'cancelled' && p.cancel_amount === answer.amount,
      );
      return found || (answer.kind === 'order_cancel' && gone)
        ? undefined
        : `I10 ${answer.label}: answered a refund of ${answer.amount} the service never made`;
    }
    case 'operator_refund': {
      // Each operator's answer is a decision of its own: matched to a refund no other answer took.
      const free = made(['operator'], (r) => r.merchantUid === answer.merchantUid).find(
        (r) => r.amount === answer.amount && !claimed.has(r),
      );
      if (!free) return `I10 ${answer.label}: answered a refund of ${answer.amount} that is not its own at the service`;
      claimed.set(free, 1);
      return undefined;
    }
    case 'order_paid': {
      const paid = chargesUnder(records, answer.merchantUid);
      return paid.length === 1 && paid[0]?.amount === answer.amount
        ? undefined
        : `I10 ${answer.label}: answered paid, ${paid.length} charges at the service`;
    }
    case 'subscribed': {
      const first = records.charges.find((c) => c.subscriptionId === answer.subscriptionId && c.kind === 'first');
      const paid = first ? chargesUnder(records, first.merchantUid) : [];
      return paid.length === 1
        ? undefined
        : `I10 ${answer.label}: answered subscribed, ${paid.length} first charges at the service`;
    }
    case 'withdrawn': {
      const total = made(['cancel_now'], (r) => r.userId === answer.userId).reduce((sum, r) => sum + r.amount, 0);
      return answer.amount <= total
        ? undefined
        : `I10 ${answer.label}: answered ${answer.amount} refunded, the service made ${total}`;
    }
  }
}

export function overlapViolations(world: World, records: Records): string[] {
  const found: string[] = [];
  const claimed = new Map<Refund, number>();
  for (const answer of world.answers) {
    const wrong = judge(records, answer, claimed);
    if (wrong) found.push(wrong);
  }
  // I11: one decision, one movement.
  const madeBy = (origin: string) => records.refunds.filter((r) => r.origin === origin && r.status === 'made');
  const twice = (rows: Refund[]) => {
    const seen = new Map<string, number>();
    for (const r of rows) seen.set(r.merchantUid, (seen.get(r.merchantUid) ?? 0) + 1);
    return [...seen].filter(([, n]) => n > 1);
  };
  for (const [merchantUid, n] of twice(madeBy('cancel_now')))
    found.push(`I11 ${merchantUid}: ${n} cancel-now refunds of one period`);
  for (const [merchantUid, n] of twice(madeBy('order_cancel')))
    found.push(`I11 ${merchantUid}: ${n} cancel refunds of one order`);
  for (const [merchantUid, n] of twice(madeBy('order_return')))
    found.push(`I11 ${merchantUid}: ${n} refunds of one return`);
  const keys = new Map<string, number>();
  for (const o of records.orders)
    if (o.idempotencyKey)
      keys.set(`${o.userId}:${o.idempotencyKey}`, (keys.get(`${o.userId}:${o.idempotencyKey}`) ?? 0) + 1);
  for (const [k, n] of keys) if (n > 1) found.push(`I11 idempotency key ${k}: ${n} orders`);
  for (const o of records.orders) {
    const charged = chargesUnder(records, o.merchantUid);
    if (charged.length > 1) found.push(`I11 ${o.merchantUid}: charged ${charged.length} times for one key`);
  }
  for (const c of records.charges.filter((c) => c.kind === 'first')) {
    const charged = chargesUnder(records, c.merchantUid);
    if (charged.length > 1) found.push(`I11 ${c.merchantUid}: a first charge made ${charged.length} times`);
  }
  return found;
}
