// A subscription's lifecycle, in one place and pure (no database, no service): its statuses, what
// they mean (isLive, hasAccess, chargesAgain, isEnded) and how a settled charge or an ending changes
// it (renewed, dunned, ended, stopping). The repository writes what these decide; tested alone.
import type { EndReason } from '@/lib/subscriptions/subscription-view';
import { renewalOf, retryAt } from './periods';
import type { Period } from './plans';

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'cancelled', 'failed'] as const;
export type Status = (typeof SUBSCRIPTION_STATUSES)[number];
/** Started, or starting: one per plan and customer (a database index holds it). */
export const UNFINISHED_STATUSES = ['incomplete', 'active', 'past_due'] as const;
/** Running: a paid period, or dunning's grace. */
export const LIVE_STATUSES = ['active', 'past_due'] as const;
/** A charge waiting at the service (decided, or booked). */
export const OPEN_CHARGE_STATUSES = ['to_book', 'scheduled'] as const;

interface State {
  status: Status;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: number | null;
  endReason: EndReason | null;
}

/**
 * A free trial not (yet) turned paid: its trial is still the current period (a paid charge moves the
 * period on). It turns paid only with the customer's consent (trial.ts); until then it is set to end.
 */
export const inTrial = (s: { trialEndsAt: number | null; currentPeriodEnd: number | null }) =>
  s.trialEndsAt !== null && s.currentPeriodEnd === s.trialEndsAt;

export const isLive = (s: Pick<State, 'status'>) => s.status === 'active' || s.status === 'past_due';
/** Ended for good: the customer was told it is over, and a payment landing now must not revive it. */
export const isEnded = (s: Pick<State, 'status'>) => s.status === 'cancelled' || s.status === 'failed';
export const isUnfinished = (s: Pick<State, 'status'>) => s.status === 'incomplete' || isLive(s);
/** Will charge its card again: not ended, and not set to stop at its period's end. */
export const chargesAgain = (s: Pick<State, 'status' | 'cancelAtPeriodEnd'>) => isUnfinished(s) && !s.cancelAtPeriodEnd;
/** Past its paid period's end at `now` (service clock): one cancelled at the period end has ended then. */
export const periodOver = (s: Pick<State, 'currentPeriodEnd'>, now: number) =>
  s.currentPeriodEnd !== null && now >= s.currentPeriodEnd;
/** The customer may use it: live (dunning keeps access), unless stopped and its paid period is over. */
export const hasAccess = (s: State, now: number) => isLive(s) && !(s.cancelAtPeriodEnd && periodOver(s, now));

/** Set to end with its paid period, and why (a cancellation, a price change not accepted). */
export const stopping = (reason: EndReason) => ({ cancelAtPeriodEnd: true, endReason: reason });
/** Renewing again (a resume, a price change accepted). */
export const resumed = () => ({ cancelAtPeriodEnd: false, endReason: null });
/** Ended at `at` (service clock) for `reason`: access ends. */
export const ended = (reason: EndReason, at: number) => ({
  status: 'cancelled' as const,
  cancelAtPeriodEnd: true,
  endReason: reason,
  endedAt: at,
});

/**
 * A cancel-now whose refund the service would not make: running again to its paid period's end,
 * set to stop then (it never charges again unless the customer's own request puts it back).
 */
export const reopened = (periodEnd: number) => ({
  status: 'active' as const,
  currentPeriodEnd: periodEnd,
  endedAt: null,
  ...stopping('customer'),
});

interface Charge {
  kind: 'first' | 'renewal' | 'retry';
  attempt: number;
  periodStart: number | null;
  periodEnd: number | null;
  amount: number;
}
type NextCharge = Pick<Charge, 'kind' | 'attempt' | 'periodStart' | 'periodEnd' | 'amount'> & {
  scheduleAt: number | null;
};

/** How a settled charge changes its subscription, and the charge to book next, if any. */
export interface Decision {
  change: {
    status?: Status;
    cancelAtPeriodEnd?: boolean;
    endReason?: EndReason | null;
    endedAt?: number | null;
    currentPeriodStart?: number;
    currentPeriodEnd?: number;
    billingAnchor?: number;
  };
  book?: NextCharge;
  note: string;
}

/**
 * A paid charge: the customer has the period it paid for (the later end wins); the next period is
 * booked unless it is set to stop (then it keeps why), or the plan is unknown. A period that follows
 * the last one keeps the billing anchor; one that starts elsewhere (the first, a late payment, a
 * renewal decided late) moves the anchor to its start.
 */
export function renewed(
  subscription: State & { amount: number; billingAnchor: number | null },
  charge: Charge,
  now: number,
  period: Period | undefined,
): Decision {
  const start = charge.periodStart ?? 0;
  const end = charge.periodEnd ?? 0;
  const stopped = subscription.cancelAtPeriodEnd;
  const extending = (subscription.currentPeriodEnd ?? 0) < end;
  const follows = subscription.currentPeriodEnd === start;
  const anchor = extending ? (follows ? (subscription.billingAnchor ?? start) : start) : subscription.billingAnchor;
  const change: Decision['change'] = {
    status: 'active',
    // A payment that landed after the customer cancelled (at period end) buys its period, and nothing more.
    cancelAtPeriodEnd: stopped,
    endReason: stopped ? subscription.endReason : null,
    endedAt: null,
    ...(extending && { currentPeriodStart: start, currentPeriodEnd: end, billingAnchor: anchor ?? start }),
  };
  const note = charge.kind === 'first' ? 'subscription started' : 'subscription renewed';
  if (stopped) return { change, note: `${note}; ends with this period` };
  if (!period) return { change, note: `${note}; unknown plan, nothing booked` };
  return { change, note, book: renewalOf(end, period, subscription.amount, now, anchor ?? end) };
}

/** A failed charge: the first ends the attempt; a renewal goes into dunning until the retries run out. */
export function dunned(subscription: State, charge: Charge, failedAt: number, retryDays: readonly number[]): Decision {
  if (charge.kind === 'first') {
    return subscription.status === 'incomplete'
      ? { change: { status: 'failed' }, note: 'first charge failed' }
      : { change: {}, note: 'first charge failed (ignored: subscription already settled)' };
  }
  const attempt = charge.attempt + 1;
  const at = retryAt(charge.periodStart ?? failedAt, retryDays, attempt);
  if (at === undefined || subscription.cancelAtPeriodEnd || subscription.status === 'cancelled') {
    const reason = subscription.cancelAtPeriodEnd ? (subscription.endReason ?? 'customer') : 'payment_failed';
    return {
      change: { status: 'cancelled', endReason: reason, endedAt: failedAt },
      note: 'renewal failed; subscription ended',
    };
  }
  return {
    change: { status: 'past_due' },
    note: `renewal failed; retry ${attempt} booked`,
    book: {
      kind: 'retry',
      attempt,
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      scheduleAt: at,
      amount: charge.amount,
    },
  };
}

/**
 * A live subscription that nothing will charge again, at `now`: in dunning it ends now; set to stop,
 * it ends at its period's end (its own reason, else the customer's); otherwise not yet.
 */
export function endsWithoutCharge(subscription: State, now: number): Decision['change'] | undefined {
  if (subscription.status !== 'past_due' && !periodOver(subscription, now)) return undefined;
  const byCustomer = subscription.status === 'active' && subscription.cancelAtPeriodEnd;
  const reason = byCustomer ? (subscription.endReason ?? 'customer') : 'payment_failed';
  return { status: 'cancelled', endReason: reason, endedAt: Math.min(now, subscription.currentPeriodEnd ?? now) };
}
