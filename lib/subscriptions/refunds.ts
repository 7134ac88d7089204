import 'server-only';
import { type Db, getDb } from '@/lib/db';
import { IamportError, iamport, type Payment } from '@/lib/iamport';
import { log } from '@/lib/log';
import { enqueueMails, refundNotices } from '@/lib/mail';
import { type Settlement, settlement } from '@/lib/payments/client';
import { revokeBooking } from './booking';
import { settleExecution } from './executions';
import { ended, isLive } from './lifecycle';
import {
  lockCharge,
  lockSubscription,
  openChargeOf,
  type SubscriptionCharge,
  updateCharge,
  updateSubscription,
} from './repository';
import { holdBackUnsentBox } from './shipments';

// Refunds of subscription charges (an operator's from the console, or the service's console seen
// through a notice or the sweep). The charge records what was refunded; a full refund of the charge
// that pays for the current period also ends the subscription, so access never outlives the money.

export interface ChargeRefund {
  charge: SubscriptionCharge;
  /** The refund took the current period's money back: the subscription ended now. */
  endedSubscription: boolean;
}

/**
 * Records the service's record of a charge's payment (`payment`, read after the refund) in `tx`:
 * the refunded amount, `refunded` once nothing is left, a mail for each refund (keyed by its
 * cancel_history entry: once, whichever path records it), and — unless `keepSubscription` (a
 * cancel-now ends it itself) — for a full refund of the current period's charge the subscription
 * cancelled at `now` (service clock) with end reason `refunded`. Moves forward only; answers
 * undefined when nothing changed (not this charge's payment, or recorded before). Call
 * withdrawBookingAfterRefund after the commit when the subscription ended.
 */
export async function recordChargeRefund(
  tx: Pick<Db, 'select' | 'update' | 'insert' | 'query'>,
  chargeId: string,
  payment: Payment,
  now: number,
  { keepSubscription = false } = {},
): Promise<ChargeRefund | undefined> {
  const charge = await lockCharge(tx, chargeId);
  if (!charge || charge.impUid !== payment.imp_uid) return undefined;
  if (charge.status !== 'paid' && charge.status !== 'refunded') return undefined;
  if (payment.cancel_amount <= charge.refundedAmount) return undefined;
  const full = payment.status === 'cancelled' || payment.cancel_amount >= payment.amount;
  const updated = await updateCharge(
    charge.id,
    [charge.status],
    { refundedAmount: payment.cancel_amount, ...(full && { status: 'refunded' as const }) },
    tx,
  );
  if (!updated) return undefined;
  // No money, no goods: a box the whole charge was refunded for is not sent (one on its way is the customer's).
  if (full) await holdBackUnsentBox(tx, charge.id, now);
  const subscription = await lockSubscription(tx, charge.subscriptionId);
  if (subscription) await enqueueMails(tx, refundNotices(subscription.userId, subscription.planName, payment));
  // Only money that bought a period ends one: a charge refunded as a stray was never applied.
  if (!full || charge.status !== 'paid' || keepSubscription) return { charge: updated, endedSubscription: false };
  const current =
    subscription !== undefined &&
    isLive(subscription) &&
    charge.periodEnd !== null &&
    charge.periodEnd === subscription.currentPeriodEnd &&
    now < charge.periodEnd;
  if (!current) return { charge: updated, endedSubscription: false };
  await updateSubscription(subscription.id, ended('refunded', now), undefined, tx);
  return { charge: updated, endedSubscription: true };
}

/**
 * After a refund ended a subscription: its next booking is taken back at the service. If it had
 * run meanwhile, its payment is settled (refunded: the subscription has ended). Service trouble
 * leaves it to reconciliation, which rechecks the open charges of ended subscriptions.
 */
export async function withdrawBookingAfterRefund(subscriptionId: string): Promise<void> {
  const open = await openChargeOf(subscriptionId);
  if (!open) return;
  try {
    if ((await revokeBooking(open)) === 'revoked')
      await updateCharge(open.id, ['to_book', 'scheduled'], { status: 'revoked' });
    else await settleExecution(open);
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    log.warn(
      { merchantUid: open.merchantUid, reason: error.message },
      'booking not withdrawn after a refund; left for reconciliation',
    );
  }
}

/** A refund seen in the service's record of a charge's payment (a notice, the sweep): recorded, then the booking withdrawn. */
export async function settleChargeRefund(charge: SubscriptionCharge, payment: Payment): Promise<Settlement> {
  const now = await iamport().serviceNow();
  const db = await getDb();
  const recorded = await db.transaction((tx) => recordChargeRefund(tx, charge.id, payment, now));
  if (!recorded) return settlement('already', `refund already recorded (${charge.status})`);
  if (recorded.endedSubscription) await withdrawBookingAfterRefund(charge.subscriptionId);
  const ending = recorded.endedSubscription ? '; subscription ended' : '';
  return settlement('applied', `refund recorded: ${payment.cancel_amount} of ${payment.amount}${ending}`);
}
