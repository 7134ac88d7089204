import 'server-only';
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { subscriptionCharges } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { iamport } from '@/lib/iamport';
import { failureOf } from '@/lib/operations/failure';
import { refundPart } from '@/lib/payments/refund';
import type { CancelNowQuote } from '@/lib/shared/subscriptions';
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

/** Who cancels: the customer (only their own subscription) or an operator (any, by name for the record). */
export type CancelActor = { kind: 'customer'; userId: string } | { kind: 'operator'; name: string };

const REFUND_REASON = '정기구독 즉시 해지: 남은 기간 환불';

async function subscriptionFor(id: string, actor: CancelActor): Promise<Subscription> {
  const subscription = await findSubscription(id);
  if (!subscription || (actor.kind === 'customer' && subscription.userId !== actor.userId)) {
    throw refuseSubscription('subscription_not_found');
  }
  if (subscription.status !== 'active' && subscription.status !== 'past_due')
    throw refuseSubscription('not_cancellable');
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

/** A refund asked for whose answer was lost (the intent recorded, the outcome not yet). */
const PENDING_REFUND = and(
  isNotNull(subscriptionCharges.refundRequested),
  eq(subscriptionCharges.refundedAmount, 0),
  eq(subscriptionCharges.status, 'paid'),
);

async function pendingRefundOf(subscriptionId: string): Promise<SubscriptionCharge | undefined> {
  const db = await getDb();
  return db.query.subscriptionCharges.findFirst({
    where: and(eq(subscriptionCharges.subscriptionId, subscriptionId), PENDING_REFUND),
  });
}

function quoteOf(subscription: Subscription, charge: SubscriptionCharge | undefined, now: number): CancelNowQuote {
  const plan = findPlan(subscription.planId);
  if (!charge || !plan || charge.periodStart === null || charge.periodEnd === null) {
    return { subscriptionId: subscription.id, refund: 0, paid: 0, unit: 'day', unused: 0, total: 0, at: now };
  }
  const paid = charge.amount - charge.refundedAmount;
  const share = proRataRefund(paid, charge.periodStart, charge.periodEnd, now, plan.period);
  return { subscriptionId: subscription.id, paid, at: now, ...share };
}

/** What cancelling now would give back, shown before the customer confirms (service clock, read now). */
export async function quoteCancelNow(subscriptionId: string, actor: CancelActor): Promise<CancelNowQuote> {
  const subscription = await subscriptionFor(subscriptionId, actor);
  const now = await iamport().serviceNow({ fresh: true });
  return quoteOf(subscription, await runningCharge(subscription.id, now), now);
}

/**
 * Ends a subscription now and refunds the unused part of the paid period (pro rata, floored to the
 * won). In order: nothing further may be booked (the flag), the waiting booking is revoked (one
 * that had already run is settled first, so the refund is of the newest period), the refund is
 * asked for once — the intent recorded first, with the balance as checksum — and then access
 * ends. A refund the service refuses puts the subscription back as it was (booking included)
 * and says so; one whose answer is lost is resolved from the payment's record, never resent
 * blindly (a later call resolves it first; the checksum makes any resend harmless).
 * Answers the refund made.
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

  const now = await iamport().serviceNow({ fresh: true });
  const charge = (await pendingRefundOf(subscription.id)) ?? (await runningCharge(subscription.id, now));
  let refunded = 0;
  if (charge?.impUid) {
    // A refund asked for before (its answer lost) is resolved first, never asked for anew.
    const requested = charge.refundRequested;
    const amount = requested ?? quoteOf(subscription, charge, now).refund;
    const settled = requested !== null && charge.refundedAmount > 0;
    if (amount > 0 && !settled) {
      if (requested === null && !(await claimRefund(charge.id, amount))) throw refuseSubscription('refund_in_progress');
      const result = await refundPart(charge.impUid, amount, charge.amount - charge.refundedAmount, REFUND_REASON, {
        askedBefore: requested !== null,
      });
      if (result.status === 'unknown') throw refuseSubscription('refund_unknown');
      if (result.status === 'refused') {
        await releaseRefund(charge.id);
        await putBack(subscription.id, wasStopping);
        throw refuseSubscription('refund_failed', `환불하지 못해 구독을 그대로 두었습니다. (${result.message})`);
      }
      refunded = await recordRefund(charge, result.payment.cancel_amount);
    }
  }
  const ended = await updateSubscription(
    subscription.id,
    { status: 'cancelled', cancelAtPeriodEnd: true, endReason: 'customer', endedAt: now, currentPeriodEnd: now },
    ['active', 'past_due'],
  );
  return { refunded, subscription: ended ?? subscription };
}

/** Records what the payment's record says was refunded of a charge; answers the refund just made. */
async function recordRefund(charge: SubscriptionCharge, cancelAmount: number): Promise<number> {
  const db = await getDb();
  await db
    .update(subscriptionCharges)
    // Refunded in full (cancelled at the start of its period): the payment is cancelled at the service.
    .set({ refundedAmount: cancelAmount, ...(cancelAmount >= charge.amount && { status: 'refunded' as const }) })
    .where(eq(subscriptionCharges.id, charge.id));
  return cancelAmount - charge.refundedAmount;
}

/**
 * For reconciliation: cancel-now refunds whose answer was lost are resolved from the payment's
 * record (asked again only when the record shows it never landed; the checksum keeps that to
 * once) and their subscriptions ended. Answers what could not be resolved yet.
 */
export async function resolvePendingRefunds(): Promise<{ resolved: number; errors: string[] }> {
  const db = await getDb();
  const pending = await db.query.subscriptionCharges.findMany({ where: PENDING_REFUND });
  const report = { resolved: 0, errors: [] as string[] };
  for (const charge of pending) {
    const subscription = await findSubscription(charge.subscriptionId);
    try {
      if (subscription?.status === 'active' || subscription?.status === 'past_due') {
        await cancelSubscriptionNow(charge.subscriptionId, { actor: { kind: 'operator', name: 'reconciliation' } });
      } else if (charge.impUid && charge.refundRequested) {
        const refundable = charge.amount - charge.refundedAmount;
        const result = await refundPart(charge.impUid, charge.refundRequested, refundable, REFUND_REASON, {
          askedBefore: true,
        });
        if (result.status !== 'refunded') throw refuseSubscription('refund_unknown');
        await recordRefund(charge, result.payment.cancel_amount);
      }
      report.resolved += 1;
    } catch (error) {
      report.errors.push(
        error instanceof AppError
          ? `${charge.merchantUid}: refund ${error.message}`
          : failureOf(`${charge.merchantUid}: refund`, error),
      );
    }
  }
  return report;
}

/** Records the refund about to be asked for; false when another request got there first. */
async function claimRefund(chargeId: string, amount: number): Promise<boolean> {
  const db = await getDb();
  const claimed = await db
    .update(subscriptionCharges)
    .set({ refundRequested: amount })
    .where(and(eq(subscriptionCharges.id, chargeId), isNull(subscriptionCharges.refundRequested)))
    .returning({ id: subscriptionCharges.id });
  return claimed.length === 1;
}

async function releaseRefund(chargeId: string): Promise<void> {
  const db = await getDb();
  await db.update(subscriptionCharges).set({ refundRequested: null }).where(eq(subscriptionCharges.id, chargeId));
}

/** The subscription as it was before: still renewing unless it was already set to stop. */
async function putBack(subscriptionId: string, wasStopping: boolean): Promise<void> {
  if (wasStopping) return;
  const restored = await updateSubscription(subscriptionId, { cancelAtPeriodEnd: false }, ['active', 'past_due']);
  if (restored?.status === 'active') await bookRenewal(restored);
}
