import 'server-only';
import { and, desc, eq, gt } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { subscriptionCharges } from '@/lib/db/schema';
import { iamport, type Payment } from '@/lib/iamport';
import { makeRefund, promiseRefund, resolveRefund } from '@/lib/payments/promised-refunds';
import type { CancelNowQuote } from '@/lib/shared/subscriptions';
import { CANCEL_NOW_REASON, cancelNowBook, endNow, refundInFlightFor } from './cancel-now-refund';
import { isLive } from './lifecycle';
import { bookRenewal, withdrawOpenCharge } from './manage';
import { findPlan } from './plans';
import { proRataRefund } from './pro-rata';
import { refuseSubscription } from './refusals';
import {
  findSubscription,
  openChargeOf,
  type Subscription,
  type SubscriptionCharge,
  updateSubscription,
} from './repository';
import { runningBox } from './shipments';

/** Who cancels: the customer (only their own subscription) or an operator (any, by name for the record). */
export type CancelActor = { kind: 'customer'; userId: string } | { kind: 'operator'; name: string };

async function subscriptionFor(id: string, actor: CancelActor): Promise<Subscription> {
  const subscription = await findSubscription(id);
  if (!subscription || (actor.kind === 'customer' && subscription.userId !== actor.userId)) {
    throw refuseSubscription('subscription_not_found');
  }
  if (!isLive(subscription)) throw refuseSubscription('not_cancellable');
  return subscription;
}

/** The paid charge whose period is still running at `now`, if any (in dunning there is none). */
async function runningCharge(subscriptionId: string, now: number): Promise<SubscriptionCharge | undefined> {
  const db = await getDb();
  return db.query.subscriptionCharges.findFirst({
    where: and(
      eq(subscriptionCharges.subscriptionId, subscriptionId),
      eq(subscriptionCharges.status, 'paid'),
      gt(subscriptionCharges.periodEnd, now),
    ),
    orderBy: [desc(subscriptionCharges.periodEnd)],
  });
}

function quoteOf(subscription: Subscription, charge: SubscriptionCharge | undefined, now: number, paid?: number) {
  const plan = findPlan(subscription.planId);
  if (!charge || !plan || charge.periodStart === null || charge.periodEnd === null) {
    return { subscriptionId: subscription.id, refund: 0, paid: 0, unit: 'day', unused: 0, total: 0, at: now } as const;
  }
  const left = paid ?? charge.amount - charge.refundedAmount;
  const quote = {
    subscriptionId: subscription.id,
    paid: left,
    at: now,
    ...proRataRefund(left, charge.periodStart, charge.periodEnd, now, plan.period),
  };
  // A goods plan's paid period is a box that ships whatever happens (I9, shipments.ts): none of the
  // period is given back; cancelling only stops the next boxes and charges.
  return plan.kind === 'goods' ? { ...quote, refund: 0, shipped: true } : quote;
}

/**
 * What cancelling now would give back, shown before the customer confirms (service clock, read now);
 * for goods, with the running period's box, which ships all the same.
 */
export async function quoteCancelNow(subscriptionId: string, actor: CancelActor): Promise<CancelNowQuote> {
  const subscription = await subscriptionFor(subscriptionId, actor);
  const now = await iamport().serviceNow({ fresh: true });
  const quote = quoteOf(subscription, await runningCharge(subscription.id, now), now);
  if (!('shipped' in quote)) return quote;
  const box = await runningBox(subscription.id, now, await getDb());
  return { ...quote, box: box ? { number: box.number, kind: box.kind, fulfilment: box.fulfilment } : null };
}

/**
 * Ends a subscription now and refunds the unused part of the paid period (pro rata of what the
 * service's record says is left, floored to the won) — for a service plan; a goods plan's running
 * period has shipped, so it ends with no refund (and no refund is promised). In order: nothing further may be booked (the
 * flag), the waiting booking is revoked (one that had already run is settled first, so the refund
 * is of the newest period), the refund is promised — written down with the record's balance and
 * cancel_history — and asked for once, and then access ends. A refund the service refuses puts
 * the subscription back as it was (booking included) and says so; one whose answer is lost is
 * resolved from the record's cancel_history by the next call (or reconciliation), never asked for
 * anew blindly. Answers the refund made.
 */
export async function cancelSubscriptionNow(
  subscriptionId: string,
  { actor }: { actor: CancelActor },
): Promise<{ refunded: number; subscription: Subscription }> {
  const subscription = await subscriptionFor(subscriptionId, actor);
  const wasStopping = subscription.cancelAtPeriodEnd;
  await updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
  try {
    let open = await openChargeOf(subscription.id);
    for (let tries = 0; open && tries < 3; tries++) {
      await withdrawOpenCharge(open);
      open = await openChargeOf(subscription.id);
    }
  } catch (error) {
    if (!wasStopping) await updateSubscription(subscription.id, { cancelAtPeriodEnd: false });
    throw error;
  }
  // A refund asked for before is resolved first; only one that can never be made is decided afresh.
  const earlier = await refundInFlightFor(subscription.id);
  if (earlier) {
    const outcome = await resolveRefund(earlier, cancelNowBook);
    if (outcome.kind === 'unknown') throw refuseSubscription('refund_unknown');
    if (outcome.kind !== 'refused') return ended(subscription.id, outcome.refund.amount);
  }
  const now = await iamport().serviceNow({ fresh: true });
  const charge = await runningCharge(subscription.id, now);
  const payment = charge?.impUid ? await readPayment(charge.impUid) : undefined;
  const amount = charge && payment ? quoteOf(subscription, charge, now, balanceOf(payment)).refund : 0;
  if (!charge || !payment || amount <= 0) {
    await endNow(await getDb(), subscription.id, now);
    return ended(subscription.id, 0);
  }
  const promise = await promiseRefund({
    payment,
    merchantUid: charge.merchantUid,
    userId: subscription.userId,
    origin: 'cancel_now',
    amount,
    reason: CANCEL_NOW_REASON,
    now,
  });
  if (!promise) throw refuseSubscription('refund_in_progress');
  const outcome = await makeRefund(promise, cancelNowBook);
  if (outcome.kind === 'unknown') throw refuseSubscription('refund_unknown');
  if (outcome.kind === 'refused') {
    await putBack(subscription.id, wasStopping);
    throw refuseSubscription('refund_failed', `환불하지 못해 구독을 그대로 두었습니다. (${outcome.message})`);
  }
  return ended(subscription.id, outcome.refund.amount);
}

const balanceOf = (payment: Payment) => (payment.status === 'paid' ? payment.amount - payment.cancel_amount : 0);

const readPayment = (impUid: string): Promise<Payment> => iamport().payments.get({ imp_uid: impUid });

async function ended(subscriptionId: string, refunded: number) {
  const subscription = await findSubscription(subscriptionId);
  if (!subscription) throw refuseSubscription('subscription_not_found');
  return { refunded, subscription };
}

/** The subscription as it was before: still renewing unless it was already set to stop. */
async function putBack(subscriptionId: string, wasStopping: boolean): Promise<void> {
  if (wasStopping) return;
  const restored = await updateSubscription(subscriptionId, { cancelAtPeriodEnd: false }, ['active', 'past_due']);
  if (restored?.status === 'active') await bookRenewal(restored);
}
