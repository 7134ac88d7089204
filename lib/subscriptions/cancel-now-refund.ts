import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb, refunds, subscriptionCharges } from '@/lib/db';
import { enqueueMail, subscriptionCancelled } from '@/lib/mail';
import type { Refund, RefundBook, RefundTx } from '@/lib/payments';
import { ended, reopened } from './lifecycle';
import { recordChargeRefund } from './refunds';
import { lockSubscription, type Subscription, updateSubscription } from './repository';
import { runningBox } from './shipments';

// The refund of a cancel-now (lib/payments/promised-refunds.ts holds the promise): the decision it
// records, how a later request finds it, and what is recorded once it is made or refused.

export const CANCEL_NOW_REASON = '정기구독 즉시 해지: 남은 기간 환불';

/**
 * The cancel-now refund that ended this subscription, if one did: promised in the transaction that
 * ended it (so at its `endedAt`), in flight or made. A request that finds the subscription ended
 * answers with it instead of deciding again.
 */
export async function cancelNowDecisionOf(subscription: Subscription): Promise<Refund | undefined> {
  if (subscription.endedAt === null) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.merchantUid, refunds.merchantUid))
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscription.id),
        eq(refunds.origin, 'cancel_now'),
        eq(refunds.requestedAt, subscription.endedAt),
      ),
    )
    .orderBy(desc(refunds.createdAt))
    .limit(1);
  return row?.refund.status === 'failed' ? undefined : row?.refund;
}

/** The customer's subscriptions a cancel-now ended whose refund is still unresolved (its answer lost). */
export async function cancelNowsInFlight(userId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .selectDistinct({ id: subscriptionCharges.subscriptionId })
    .from(refunds)
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.merchantUid, refunds.merchantUid))
    .where(and(eq(refunds.userId, userId), eq(refunds.origin, 'cancel_now'), eq(refunds.status, 'requested')));
  return rows.map((row) => row.id);
}

/** Access ends now (service clock), while it is live. Its mail waits until the ending is certain (mailEndedNow). */
export async function endNow(executor: RefundTx, subscriptionId: string, now: number) {
  return updateSubscription(
    subscriptionId,
    { ...ended('customer', now), currentPeriodEnd: now },
    ['active', 'past_due'],
    executor,
  );
}

/**
 * The customer's ending now, mailed once it is certain: it ended with no refund due, or its refund
 * was made — never at a decision whose refund the service may still refuse (which reopens it). Keyed
 * by the moment it ended, so two requests mail once. With the running period's box, which ships all
 * the same (I9).
 */
export async function mailEndedNow(executor: RefundTx, subscription: Subscription) {
  const at = subscription.endedAt;
  if (subscription.status !== 'cancelled' || subscription.endReason !== 'customer' || at === null) return;
  const box = await runningBox(subscription.id, at, executor);
  await enqueueMail(executor, subscriptionCancelled(subscription, 'now', at, box));
}

async function chargeOf(tx: RefundTx, refund: Refund) {
  return tx.query.subscriptionCharges.findFirst({ where: eq(subscriptionCharges.merchantUid, refund.merchantUid) });
}

/**
 * A cancel-now refund made at the service: recorded on its charge from the record (with its mail),
 * in the transaction that marks it made. The decision ended the subscription already; one promised
 * before decisions did (still live) is ended here.
 */
export const cancelNowBook: RefundBook = {
  async made(tx, refund, payment) {
    const charge = await chargeOf(tx, refund);
    if (!charge) return;
    const now = refund.resolvedAt ?? refund.requestedAt;
    await recordChargeRefund(tx, charge.id, payment, now, { keepSubscription: true });
    await endNow(tx, charge.subscriptionId, now);
    // Its decision ended it (or, promised before decisions did, it ended just now): now it is certain.
    const subscription = await lockSubscription(tx, charge.subscriptionId);
    if (subscription?.endedAt === refund.requestedAt || subscription?.endedAt === now)
      await mailEndedNow(tx, subscription);
  },
  /** Never to be made: the subscription this decision ended runs to its paid period's end again. */
  async failed(tx, refund) {
    const charge = await chargeOf(tx, refund);
    if (!charge || charge.periodEnd === null) return;
    const subscription = await lockSubscription(tx, charge.subscriptionId);
    if (subscription?.status !== 'cancelled' || subscription.endedAt !== refund.requestedAt) return;
    await updateSubscription(subscription.id, reopened(charge.periodEnd), ['cancelled'], tx);
  },
};
