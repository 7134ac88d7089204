import 'server-only';
import { findActiveCard } from '@/lib/cards/cards';
import { IamportError, IamportNotFoundError, iamport, type ScheduledCharge } from '@/lib/iamport';
import { bookCharge, rebook } from './booking';
import { bookRenewal } from './manage';
import {
  listLiveSubscriptions,
  openChargeOf,
  type Subscription,
  type SubscriptionCharge,
  updateCharge,
  updateSubscription,
} from './repository';
import { type ChargeOutcome, outcomeOf, settleCharge } from './settle';
import { settleIncomplete } from './subscribe';

export interface ReconcileReport {
  /** Live subscriptions looked at. */
  checked: number;
  /** Charges settled from the service's records (a lost webhook, a lost answer). */
  applied: number;
  /** Bookings made (missing, lost or never confirmed). */
  booked: number;
  /** Subscriptions whose cancelled period ran out. */
  ended: number;
  /** Subscriptions that could not be checked now (the next run tries again). */
  errors: string[];
}

/**
 * Compares every live subscription with the service and repairs what lost webhooks and lost
 * answers left behind: an executed charge is applied, a missing next booking is made, a booking
 * never confirmed is made again. Idempotent: it settles through the same once-only paths as the
 * webhook, so running it twice, or beside the webhook, changes nothing twice.
 */
export async function reconcileSubscriptions(): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, applied: 0, booked: 0, ended: 0, errors: [] };
  const now = await iamport().serviceNow({ fresh: true });
  for (const subscription of await listLiveSubscriptions()) {
    report.checked += 1;
    try {
      await reconcileOne(subscription, now, report);
    } catch (error) {
      if (!(error instanceof IamportError)) throw error;
      report.errors.push(`${subscription.id}: ${error.message}`);
    }
  }
  return report;
}

async function reconcileOne(subscription: Subscription, now: number, report: ReconcileReport): Promise<void> {
  if (subscription.status === 'incomplete') {
    if ((await settleIncomplete(subscription)).status !== 'incomplete') report.applied += 1;
    return;
  }
  const open = await openChargeOf(subscription.id);
  if (open?.status === 'to_book') {
    if (await bookCharge(open, subscription)) report.booked += 1;
    return;
  }
  if (open) return checkBooking(subscription, open, report);
  const periodOver = subscription.currentPeriodEnd !== null && now >= subscription.currentPeriodEnd;
  if (subscription.status === 'active' && !subscription.cancelAtPeriodEnd) {
    if (await bookRenewal(subscription)) {
      report.booked += 1;
      return;
    }
    // Decided but not booked (the service could not be asked): the next run books it.
    if (await openChargeOf(subscription.id)) return;
  }
  // Nothing waits to charge it: it ends with its paid period (in dunning, with the failed retry).
  if (subscription.status === 'past_due' || periodOver) {
    const byCustomer = subscription.status === 'active' && subscription.cancelAtPeriodEnd;
    await updateSubscription(subscription.id, {
      status: 'cancelled',
      endReason: byCustomer ? 'customer' : 'payment_failed',
      endedAt: Math.min(now, subscription.currentPeriodEnd ?? now),
    });
    report.ended += 1;
  }
}

/** A booking we believe is waiting at the service: what did the service do with it? */
async function checkBooking(subscription: Subscription, charge: SubscriptionCharge, report: ReconcileReport) {
  const read = await readBooking(charge.merchantUid);
  if (read.outcome === 'scheduled') return;
  if (read.outcome === 'missing' || read.outcome === 'revoked') {
    await updateCharge(charge.id, ['scheduled'], { status: 'revoked' });
    // Not ours to revoke (or lost): booked again on the subscription's card, unless it was cancelled.
    const card = await findActiveCard(subscription.userId, subscription.cardId);
    if (subscription.cancelAtPeriodEnd || !card) return;
    if (await rebook(charge, subscription, card.customerUid)) report.booked += 1;
    return;
  }
  const outcome = outcomeOfExecution(read);
  if (outcome && !(await settleCharge(charge, outcome)).startsWith('already settled')) report.applied += 1;
}

async function readBooking(merchantUid: string): Promise<ScheduledCharge | { outcome: 'missing' }> {
  try {
    return await iamport().schedules.readCharge({ merchant_uid: merchantUid });
  } catch (error) {
    if (error instanceof IamportNotFoundError) return { outcome: 'missing' };
    throw error;
  }
}

function outcomeOfExecution(read: ScheduledCharge): ChargeOutcome | undefined {
  switch (read.outcome) {
    case 'paid':
    case 'declined':
      return outcomeOf(read.payment);
    case 'rejected':
      return { status: 'failed', impUid: null, reason: read.message, at: read.schedule.executed_at };
    default:
      return undefined;
  }
}
