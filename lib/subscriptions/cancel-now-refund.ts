import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { refunds, subscriptionCharges } from '@/lib/db/schema';
import { subscriptionCancelled } from '@/lib/mail/lifecycle-notices';
import { enqueueMail } from '@/lib/mail/outbox';
import type { Refund, RefundBook, RefundTx } from '@/lib/payments/promised-refunds';
import { ended } from './lifecycle';
import { recordChargeRefund } from './refunds';
import { updateSubscription } from './repository';
import { runningBox } from './shipments';

// The refund of a cancel-now (lib/payments/promised-refunds.ts holds the promise): how it is found
// again when its answer was lost, and what is recorded once it is made.

export const CANCEL_NOW_REASON = '정기구독 즉시 해지: 남은 기간 환불';

/** A cancel-now refund of this subscription asked for before, not yet resolved (its answer lost). */
export async function refundInFlightFor(subscriptionId: string): Promise<Refund | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(subscriptionCharges, eq(subscriptionCharges.merchantUid, refunds.merchantUid))
    .where(
      and(
        eq(subscriptionCharges.subscriptionId, subscriptionId),
        eq(refunds.status, 'requested'),
        eq(refunds.origin, 'cancel_now'),
      ),
    )
    .limit(1);
  return row?.refund;
}

/**
 * Access ends now (service clock), while it is live: the customer's own ending, mailed in the same
 * write (once) — with the running period's box, which ships all the same (I9).
 */
export async function endNow(executor: RefundTx, subscriptionId: string, now: number) {
  const box = await runningBox(subscriptionId, now, executor);
  const updated = await updateSubscription(
    subscriptionId,
    { ...ended('customer', now), currentPeriodEnd: now },
    ['active', 'past_due'],
    executor,
  );
  if (updated) await enqueueMail(executor, subscriptionCancelled(updated, 'now', now, box));
  return updated;
}

/**
 * A cancel-now refund made at the service: recorded on its charge from the record (with its mail)
 * and the subscription ended, in the transaction that marks the refund made.
 */
export const cancelNowBook: RefundBook = {
  async made(tx, refund, payment) {
    const charge = await tx.query.subscriptionCharges.findFirst({
      where: eq(subscriptionCharges.merchantUid, refund.merchantUid),
    });
    if (!charge) return;
    const now = refund.resolvedAt ?? refund.requestedAt;
    await recordChargeRefund(tx, charge.id, payment, now, { keepSubscription: true });
    await endNow(tx, charge.subscriptionId, now);
  },
};
