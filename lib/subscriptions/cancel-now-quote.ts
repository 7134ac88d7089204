import 'server-only';
import { and, desc, eq, gt } from 'drizzle-orm';
import { type Db, getDb, subscriptionCharges } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import type { CancelNowQuote } from '@/lib/subscriptions/subscription-view';
import { isLive } from './lifecycle';
import { findPlan } from './plans';
import { proRataRefund } from './pro-rata';
import { refuseSubscription } from './refusals';
import { findSubscription, type Subscription, type SubscriptionCharge } from './repository';
import { runningBox } from './shipments';

// What cancelling now would give back (cancel-now.ts decides it): the running period's charge and
// the pro-rata share of what is left of it.

/** Who cancels: the customer (only their own subscription) or an operator (any, by name for the record). */
export type CancelActor = { kind: 'customer'; userId: string } | { kind: 'operator'; name: string };

export async function ownSubscription(id: string, actor: CancelActor): Promise<Subscription> {
  const subscription = await findSubscription(id);
  if (!subscription || (actor.kind === 'customer' && subscription.userId !== actor.userId)) {
    throw refuseSubscription('subscription_not_found');
  }
  return subscription;
}

async function subscriptionFor(id: string, actor: CancelActor): Promise<Subscription> {
  const subscription = await ownSubscription(id, actor);
  if (!isLive(subscription)) throw refuseSubscription('not_cancellable');
  return subscription;
}

/** The paid charge whose period is still running at `now`, if any (in dunning there is none). */
export async function runningCharge(
  subscriptionId: string,
  now: number,
  executor?: Pick<Db, 'query'>,
): Promise<SubscriptionCharge | undefined> {
  const db = executor ?? (await getDb());
  return db.query.subscriptionCharges.findFirst({
    where: and(
      eq(subscriptionCharges.subscriptionId, subscriptionId),
      eq(subscriptionCharges.status, 'paid'),
      gt(subscriptionCharges.periodEnd, now),
    ),
    orderBy: [desc(subscriptionCharges.periodEnd)],
  });
}

export function quoteOf(
  subscription: Subscription,
  charge: SubscriptionCharge | undefined,
  now: number,
  paid?: number,
) {
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
