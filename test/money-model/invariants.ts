// The money invariants of DESIGN.md (I1–I5), issue 23 (I6, I7), issue 25 (I8, I9) and issue 31 (I10,
// I11: overlap-invariants.ts), issue 33 (I12: consent-invariant.ts) and issue 36 (I13: vbank-invariants.ts), checked at the end of a run against the emulator's own records (its
// control API) and the app's database. Answers every violation found.
import { cards, owedRefunds, refunds, subscriptionCharges, users } from '@/lib/db/schema';
import { cancelEntryKey } from '@/lib/payments/refund-fate';
import { findPlan, subscriptionOverview } from '@/lib/subscriptions';
import { consentViolations } from './consent-invariant';
import { overlapViolations } from './overlap-invariants';
import { owedViolations } from './owed-invariants';
import { liveKeys, servicePayments, serviceSchedules } from './service-records';
import { shipmentViolations } from './shipment-invariants';
import { vbankViolations } from './vbank-invariants';
import type { World } from './world';

/** A renewal caught up after its due time runs this soon (booking.ts), so access may run ahead of it. */
const CATCH_UP_SLACK = 120;

export async function violations(world: World): Promise<string[]> {
  const emulator = world.emulator;
  const db = world.app.db();
  // V1's records and V2's, both in V1's wire shape (service-records.ts).
  const [payments, schedules, now] = await Promise.all([
    servicePayments(world),
    serviceSchedules(world),
    emulator.now(),
  ]);
  const orders = await db.query.orders.findMany();
  const charges = await db.select().from(subscriptionCharges);
  const subs = await db.query.subscriptions.findMany();
  const owed = await db.select().from(owedRefunds);
  const found: string[] = [];
  const payment = (impUid: string | null) => payments.find((p) => p.imp_uid === impUid);

  // I1: every paid payment applied to exactly one order or charge, or refunded in full — or, when a
  // subscription was cancelled now, applied with the unused part refunded as the charge records it.
  // Refunds never exceed what was paid.
  for (const p of payments) {
    if (p.cancel_amount > p.amount) found.push(`I1 ${p.merchant_uid}: refunded ${p.cancel_amount} of ${p.amount}`);
    // A 가상계좌 closed before any deposit (never paid) holds no money: nothing to refund.
    const closedUnpaid = p.pay_method === 'vbank' && !p.paid_at && p.cancel_amount === 0;
    // One closed with part of its amount in it gives back all that was deposited (the customer's cancel).
    const deposited = p.deposit_history.reduce((sum, d) => sum + d.amount, 0);
    const partDepositReturned = p.pay_method === 'vbank' && !p.paid_at && p.cancel_amount === deposited;
    if (p.status === 'cancelled' && p.cancel_amount !== p.amount && !closedUnpaid && !partDepositReturned)
      found.push(`I1 ${p.merchant_uid}: partly refunded`);
    if (p.status !== 'paid' || p.amount === 0) continue;
    // A 가상계좌 that buys nothing, owed until its customer names an account: I14 holds it.
    if (owed.some((r) => r.impUid === p.imp_uid && r.status === 'owed')) continue;
    // Partly refunded (an operator's refund from the console): recorded on what it is applied to.
    const recorded =
      orders.some((o) => o.impUid === p.imp_uid && o.status === 'paid' && o.refundedAmount === p.cancel_amount) ||
      charges.some((c) => c.impUid === p.imp_uid && c.status === 'paid' && c.refundedAmount === p.cancel_amount);
    if (p.cancel_amount > 0 && !recorded) found.push(`I1 ${p.merchant_uid}: paid and partly refunded, not recorded`);
    const applied =
      orders.filter((o) => o.impUid === p.imp_uid && o.status === 'paid').length +
      charges.filter((c) => c.impUid === p.imp_uid && c.status === 'paid').length;
    if (applied !== 1) found.push(`I1 ${p.merchant_uid} (${p.imp_uid}, ${p.amount}원) paid, applied ${applied} times`);
  }

  for (const sub of subs) {
    const paid = charges
      .filter((c) => c.subscriptionId === sub.id && c.status === 'paid')
      .sort((a, b) => (a.periodStart ?? 0) - (b.periodStart ?? 0));
    // I2: no period paid twice, none paid once over.
    for (const [i, c] of paid.entries()) {
      if ((c.settledAt ?? 0) >= (c.periodEnd ?? 0)) found.push(`I2 ${c.merchantUid}: paid for a period already over`);
      const next = paid[i + 1];
      if (next && (next.periodStart ?? 0) < (c.periodEnd ?? 0)) {
        found.push(`I2 ${sub.planId}: periods of ${c.merchantUid} and ${next.merchantUid} overlap`);
      }
    }
    // I3: nothing charged after a cancellation.
    const cancelledAt = world.cancelledAt.get(sub.id);
    for (const c of paid) {
      if (cancelledAt !== undefined && (c.settledAt ?? 0) > cancelledAt) {
        found.push(`I3 ${c.merchantUid}: charged at ${c.settledAt}, after the cancel at ${cancelledAt}`);
      }
    }
    // I4 (subscriptions): decided, nothing left unknown.
    if (sub.status === 'incomplete') found.push(`I4 subscription ${sub.id}: still incomplete`);
  }

  // I4: every order and charge final and agreeing with the service.
  for (const o of orders) {
    const p = payment(o.impUid);
    // A 가상계좌 still open waits for its deposit (I13 holds it to an open account within its deadline).
    const waiting = o.status === 'awaiting' && o.payMethod === 'vbank';
    if (o.status === 'pending' || (o.status === 'awaiting' && !waiting))
      found.push(`I4 ${o.merchantUid}: still ${o.status}`);
    if (o.status === 'paid' && (p?.status !== 'paid' || p.amount !== o.amount)) {
      found.push(`I4 ${o.merchantUid}: paid here, ${p?.status ?? 'missing'} at the service`);
    }
    if (o.status === 'refunded' && p?.status !== 'cancelled') found.push(`I4 ${o.merchantUid}: refunded here only`);
  }
  for (const c of charges) {
    const p = payment(c.impUid);
    if (c.refundedAmount > c.amount) found.push(`I1 ${c.merchantUid}: refunded ${c.refundedAmount} of ${c.amount}`);
    if (c.status === 'pending' || c.status === 'to_book') found.push(`I4 ${c.merchantUid}: still ${c.status}`);
    if (c.status === 'paid' && p?.status !== 'paid') found.push(`I4 ${c.merchantUid}: paid here, not at the service`);
    if (c.status === 'refunded' && p?.status !== 'cancelled') found.push(`I4 ${c.merchantUid}: refunded here only`);
    const schedule = schedules.find((s) => s.merchant_uid === c.merchantUid);
    if (c.status === 'scheduled' && schedule?.schedule_status !== 'scheduled') {
      found.push(`I4 ${c.merchantUid}: waiting here, ${schedule?.schedule_status ?? 'missing'} at the service`);
    }
  }

  // I6: every refund promised to a customer (cancel now) or accepted from an operator is made at the
  // service exactly once, or reported failed — never left unresolved, never made twice.
  const promised = await db.select().from(refunds);
  for (const r of promised) {
    const history = payment(r.impUid)?.cancel_history ?? [];
    const made = history.filter((entry) => cancelEntryKey(entry) === r.entry);
    const fresh = history.filter((e) => !r.knownEntries.includes(cancelEntryKey(e)));
    // Another promise's refund of the same amount and reason (an operator asking again) is its own.
    const others = new Set(promised.filter((o) => o.id !== r.id && o.status === 'made').map((o) => o.entry));
    const lookalikes = fresh.filter(
      (e) => e.amount === r.amount && e.reason === r.reason && !others.has(cancelEntryKey(e)),
    );
    if (r.status === 'requested')
      found.push(`I6 ${r.merchantUid}: a refund of ${r.amount} (${r.origin}) left unresolved`);
    if (r.status === 'made' && made.length !== 1)
      found.push(`I6 ${r.merchantUid}: refund ${r.entry} made ${made.length} times`);
    if (r.status === 'made' && lookalikes.length !== 1)
      found.push(`I6 ${r.merchantUid}: ${lookalikes.length} refunds of ${r.amount} made`);
    if (r.status === 'failed' && (lookalikes.length > 0 || !r.failure)) {
      found.push(`I6 ${r.merchantUid}: refund of ${r.amount} marked failed but ${lookalikes.length} made`);
    }
  }

  // I8 (issue 25): an order's cancel before shipping and an approved return. A shipped order is never
  // refunded by the cancel path, and a cancelled one never ships; every cancelled order and every
  // approved return has its refund promised (I6 then holds it to once, or reported), and a return's
  // refund is the balance it saw less the return fee the operator stated.
  for (const o of orders) {
    const own = promised.filter((r) => r.merchantUid === o.merchantUid);
    const cancels = own.filter((r) => r.origin === 'order_cancel');
    if (o.shippedAt !== null && cancels.length > 0)
      found.push(`I8 ${o.merchantUid}: shipped and refunded by the cancel path`);
    if (o.fulfilment === 'cancelled' && o.shippedAt !== null) found.push(`I8 ${o.merchantUid}: cancelled yet shipped`);
    if (o.fulfilment === 'cancelled' && cancels.length === 0)
      found.push(`I8 ${o.merchantUid}: cancelled with no refund promised`);
    const returns = own.filter((r) => r.origin === 'order_return');
    if (o.returnStatus === 'approved' && returns.length === 0)
      found.push(`I8 ${o.merchantUid}: return approved with no refund promised`);
    if (o.returnStatus !== 'approved' && returns.length > 0)
      found.push(`I8 ${o.merchantUid}: a return refund without an approval`);
    for (const r of returns) {
      if (r.amount + (o.returnFee ?? 0) !== r.checksum)
        found.push(`I8 ${o.merchantUid}: return refund ${r.amount} + fee ${o.returnFee} ≠ balance ${r.checksum}`);
    }
    const p = payment(o.impUid);
    if (cancels.some((r) => r.status === 'made') && p?.status !== 'cancelled')
      found.push(`I8 ${o.merchantUid}: cancelled and refunded here, ${p?.status ?? 'missing'} at the service`);
  }

  // I9 (issue 25.4): subscriptions that ship. A goods plan's period ships when its charge is paid,
  // so every paid period of one has shipped: cancel-now never promises a refund of its charges (an
  // operator's refund from the console is a separate, deliberate act), and no goods subscription
  // exists without a delivery address (a subscribe without one is refused).
  for (const sub of subs) {
    if (findPlan(sub.planId)?.kind !== 'goods') continue;
    if (!sub.shipping) found.push(`I9 subscription ${sub.id} (${sub.planId}): goods with no delivery address`);
    const own = new Set(charges.filter((c) => c.subscriptionId === sub.id).map((c) => c.merchantUid));
    for (const r of promised.filter((r) => r.origin === 'cancel_now' && own.has(r.merchantUid))) {
      found.push(`I9 ${r.merchantUid}: cancel-now of goods (${sub.planId}) refunded ${r.amount} of a shipped period`);
    }
  }

  // I9, boxes: every paid goods period is one box, a goods trial one more; none for an unpaid period.
  found.push(...(await shipmentViolations(world)));

  // I7: after reconciliation the service holds no billing key for a removed card or a withdrawn account.
  const keys = await liveKeys(world);
  const withdrawn = new Set((await db.select().from(users)).filter((u) => u.deletedAt !== null).map((u) => u.id));
  for (const card of await db.select().from(cards)) {
    // A V1 key is named by our customer_uid; a V2 key by the billing key the service issued, or by
    // our customer_uid as its customer id (a window's key the app never heard of).
    const held = keys.has(card.customerUid) || (card.billingKey !== null && keys.has(card.billingKey));
    if ((card.status === 'removed' || withdrawn.has(card.userId)) && held) {
      found.push(
        `I7 ${card.customerUid}: a billing key held for a ${card.status === 'removed' ? 'removed card' : 'withdrawn account'}`,
      );
    }
  }

  found.push(...vbankViolations(now, { payments, orders, refunds: promised, owed }));
  found.push(...owedViolations({ payments, orders, owed, refunds: promised }));
  found.push(...overlapViolations(world, { payments, refunds: promised, charges, orders }));

  // I5: access matches what was paid.
  // A cancel-now refund refused for good reopens the subscription: its charge covers the period again.
  const cancelledNow = new Set(
    promised.filter((r) => r.origin === 'cancel_now' && r.status !== 'failed').map((r) => r.merchantUid),
  );
  for (const actor of world.actors) {
    for (const s of await subscriptionOverview(actor.customer.user.id)) {
      const own = charges.filter((c) => c.subscriptionId === s.id);
      // A charge whose unused part was refunded (cancel now) no longer covers the rest of its period;
      // an operator's partial refund leaves access.
      const covered = own.some(
        (c) =>
          c.status === 'paid' &&
          !cancelledNow.has(c.merchantUid) &&
          (c.periodStart ?? 0) <= now &&
          now < (c.periodEnd ?? 0),
      );
      const open = own.find((c) => c.status === 'scheduled');
      const renewing = s.status === 'active' && open !== undefined && (open.scheduleAt ?? 0) <= now + CATCH_UP_SLACK;
      const grace = s.status === 'past_due' && open !== undefined;
      // A free trial the customer agreed to: access without a payment, until the trial's end.
      const trial = s.status === 'active' && s.trialEndsAt != null && now < s.trialEndsAt;
      // Goods cancelled now keep their charge (the period's goods shipped, I9) and end at once: the
      // charge paid for what was sent, not for access to the rest of the period.
      const goodsEndedNow = s.planKind === 'goods' && s.status === 'cancelled';
      if (covered && !s.hasAccess && !goodsEndedNow) found.push(`I5 ${s.id}: paid through now, no access`);
      if (s.hasAccess && !covered && !renewing && !grace && !trial)
        found.push(`I5 ${s.id}: ${s.status}, access not paid for`);
    }
  }
  found.push(...(await consentViolations(world)));
  return found;
}
