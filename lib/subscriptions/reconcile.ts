import 'server-only';
import { findActiveCard } from '@/lib/cards';
import { AppError } from '@/lib/http';
import { failureOf, iamport } from '@/lib/iamport';
import { refundsInFlight, resolveRefund } from '@/lib/payments';
import { bookCharge, rebook, revokeBooking } from './booking';
import { cancelNowBook } from './cancel-now-refund';
import { outcomeOfExecution, readBooking } from './executions';
import { endsWithoutCharge } from './lifecycle';
import { bookRenewal } from './manage';
import { refuseSubscription } from './refusals';
import {
  findSubscription,
  listChargesToRecheck,
  listLiveSubscriptions,
  openChargeOf,
  type Subscription,
  type SubscriptionCharge,
  updateCharge,
  updateSubscription,
} from './repository';
import { settleCharge } from './settle';
import { settleIncomplete } from './subscribe';

export interface ReconcileReport {
  /** Live subscriptions looked at. */
  checked: number;
  /** Charges settled from the service's records (a lost webhook, a lost answer). */
  applied: number;
  /** Payments refunded because they bought nothing (a booking given up on that ran anyway). */
  refunded: number;
  /** Bookings made (missing, lost or never confirmed). */
  booked: number;
  /** Subscriptions whose cancelled period ran out. */
  ended: number;
  /** What could not be checked now (the next run tries again). */
  errors: string[];
}

/** Bookings given up on this recently (service clock) are checked again: one may still wait, or have run. */
const RECHECK_SECONDS = 2 * 86_400;

/**
 * Compares every live subscription with the service and repairs what lost webhooks and lost
 * answers left behind: an executed charge is applied, a missing next booking is made, a booking
 * never confirmed is made again. Then the charges of subscriptions that ended, and bookings given
 * up on recently: one still waiting is revoked, one that ran is settled (refunded). Idempotent: it
 * settles through the same once-only paths as the webhook, so running it twice, or beside the
 * webhook, changes nothing twice.
 */
export async function reconcileSubscriptions(appNow = Date.now()): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, applied: 0, refunded: 0, booked: 0, ended: 0, errors: [] };
  // Refunds of cancel-now whose answer was lost come first: they end their subscriptions.
  const refunds = await resolveCancelNowRefunds();
  report.refunded += refunds.resolved;
  report.errors.push(...refunds.errors);
  const now = await iamport().serviceNow({ fresh: true });
  for (const subscription of await listLiveSubscriptions()) {
    report.checked += 1;
    await attempt(report, subscription.id, () => reconcileOne(subscription, now, appNow, report));
  }
  for (const charge of await listChargesToRecheck(now - RECHECK_SECONDS)) {
    await attempt(report, charge.merchantUid, () => recheck(charge, report));
  }
  return report;
}

async function attempt(report: ReconcileReport, what: string, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    report.errors.push(failureOf(what, error));
  }
}

async function reconcileOne(
  subscription: Subscription,
  now: number,
  appNow: number,
  report: ReconcileReport,
): Promise<void> {
  if (subscription.status === 'incomplete') {
    if ((await settleIncomplete(subscription, appNow)).status !== 'incomplete') report.applied += 1;
    return;
  }
  const open = await openChargeOf(subscription.id);
  // A booking left waiting by a cancel that stopped halfway (after its flag, before the revoke):
  // revoked, or settled if it already ran — never left to charge after the cancellation.
  if (open && (await findSubscription(subscription.id))?.cancelAtPeriodEnd) return recheck(open, report);
  if (open?.status === 'to_book') {
    if (await bookCharge(open, subscription)) report.booked += 1;
    return;
  }
  if (open) return checkBooking(subscription, open, report);
  if (subscription.status === 'active' && !subscription.cancelAtPeriodEnd) {
    if (await bookRenewal(subscription)) {
      report.booked += 1;
      return;
    }
    // Decided but not booked (the service could not be asked): the next run books it.
    if (await openChargeOf(subscription.id)) return;
  }
  // Nothing waits to charge it: it ends with its paid period (in dunning, with the failed retry).
  const ending = endsWithoutCharge(subscription, now);
  if (ending && (await updateSubscription(subscription.id, ending, [subscription.status]))) report.ended += 1;
}

/** A booking we believe is waiting at the service: what did the service do with it? */
async function checkBooking(subscription: Subscription, charge: SubscriptionCharge, report: ReconcileReport) {
  const read = await readBooking(charge);
  if (read.outcome === 'scheduled') return;
  if (read.outcome === 'missing' || read.outcome === 'revoked') {
    await updateCharge(charge.id, ['scheduled'], { status: 'revoked' });
    // Not ours to revoke (or lost): booked again on the subscription's card, unless it was cancelled.
    const card = await findActiveCard(subscription.userId, subscription.cardId);
    if (subscription.cancelAtPeriodEnd || !card) return;
    if (await rebook(charge, subscription, card.customerUid)) report.booked += 1;
    return;
  }
  await settle(charge, read, report);
}

/**
 * A charge of a subscription that has ended but still open here, or a booking given up on recently:
 * one still waiting at the service is revoked; one that ran is settled (refunded: it buys nothing).
 */
async function recheck(charge: SubscriptionCharge, report: ReconcileReport) {
  const read = await readBooking(charge);
  if (read.outcome === 'scheduled' || (read.outcome === 'missing' && charge.status === 'to_book')) {
    if ((await revokeBooking(charge)) === 'revoked') {
      await updateCharge(charge.id, ['to_book', 'scheduled'], { status: 'revoked' });
      return;
    }
    return settle(charge, await readBooking(charge), report);
  }
  if (read.outcome === 'missing' || read.outcome === 'revoked') {
    await updateCharge(charge.id, ['to_book', 'scheduled'], { status: 'revoked' });
    return;
  }
  await settle(charge, read, report);
}

async function settle(
  charge: SubscriptionCharge,
  read: Awaited<ReturnType<typeof readBooking>>,
  report: ReconcileReport,
) {
  const outcome = outcomeOfExecution(read);
  if (!outcome) return;
  const settled = await settleCharge(charge, outcome);
  if (settled.kind === 'refunded') report.refunded += 1;
  else if (settled.kind === 'applied') report.applied += 1;
}

/**
 * For reconciliation: cancel-now refunds whose answer was lost are resolved from the payment's
 * record (asked again only when the record shows nothing new; the checksum keeps that to once). The
 * decision ended each subscription already; one never to be made reopens it to its paid period's
 * end, set to stop. Answers how many were resolved and what could not be yet.
 */
export async function resolveCancelNowRefunds(): Promise<{ resolved: number; errors: string[] }> {
  const report = { resolved: 0, errors: [] as string[] };
  for (const refund of await refundsInFlight('cancel_now')) {
    try {
      const outcome = await resolveRefund(refund, cancelNowBook);
      if (outcome.kind === 'unknown') throw refuseSubscription('refund_unknown');
      report.resolved += 1;
    } catch (error) {
      report.errors.push(
        error instanceof AppError
          ? `${refund.merchantUid}: refund ${error.message}`
          : failureOf(`${refund.merchantUid}: refund`, error),
      );
    }
  }
  return report;
}
