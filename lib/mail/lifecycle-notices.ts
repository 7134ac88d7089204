import 'server-only';
import type { subscriptionShipments, subscriptions } from '@/lib/db';
import type { Mail } from './outbox';

// The mails of a subscription's start and end and of an account's end (issue 32.6): a trial begun, a
// subscription cancelled (at its period's end, or now), 회원탈퇴 done. Each is written in the
// transaction of the change, keyed by what happened, so it is sent once.

type Subscription = typeof subscriptions.$inferSelect;
type Shipment = typeof subscriptionShipments.$inferSelect;
type Box = Pick<Shipment, 'number' | 'kind' | 'fulfilment'>;

const boxPayload = (box: Box | undefined) => ({
  boxNumber: box?.number ?? null,
  boxKind: box?.kind ?? null,
  boxState: box?.fulfilment ?? null,
});

/** A free trial has begun (with its trial box, for goods): when it ends, what it costs after, how to cancel. */
export const trialStarted = (
  subscription: Subscription,
  periodLabel: string,
  box: Box | undefined,
  at: number,
): Mail => ({
  kind: 'trial_started',
  subject: subscription.id,
  occasion: 'started',
  userId: subscription.userId,
  dueAt: at,
  payload: {
    planName: subscription.planName,
    subscriptionNumber: subscription.number,
    amount: subscription.amount,
    periodLabel,
    trialEndsAt: subscription.trialEndsAt,
    subscriptionId: subscription.id,
    ...boxPayload(box),
  },
});

/**
 * A subscription cancelled by the customer (or for them in the console): `period_end` — it runs to
 * `endsAt` and is not charged again (keyed by the moment of the cancel: a cancel after a resume is a
 * new one); `now` — it ended at `at` (keyed by that moment: once per ending, however many requests
 * decided it). The running period's box is said to ship anyway.
 */
export const subscriptionCancelled = (
  subscription: Subscription,
  how: 'period_end' | 'now',
  at: number,
  box: Box | undefined,
): Mail => {
  const inTrial = subscription.trialEndsAt !== null && (subscription.currentPeriodEnd ?? 0) <= subscription.trialEndsAt;
  return {
    kind: 'subscription_cancelled',
    subject: subscription.id,
    occasion: `${how}:${at}`,
    userId: subscription.userId,
    dueAt: at,
    payload: {
      how,
      planName: subscription.planName,
      subscriptionNumber: subscription.number,
      endsAt: how === 'now' ? at : (subscription.currentPeriodEnd ?? at),
      inTrial: inTrial ? 1 : 0,
      goods: subscription.shipping ? 1 : 0,
      subscriptionId: subscription.id,
      ...boxPayload(box),
    },
  };
};

/**
 * 회원탈퇴 done: what it ended, refunded and deleted, and what the shop still keeps. Sent to the
 * address the account had (the account's own is gone), greeted by no name; the address is dropped
 * from the outbox once the mail is sent (lib/mailroom/worker.ts).
 */
export const accountWithdrawn = (
  user: { id: string; email: string },
  report: { cancelledSubscriptions: number; refunded: number; deletedCards: number; unsentBoxes: number },
  at: number,
): Mail => ({
  kind: 'account_withdrawn',
  subject: user.id,
  occasion: 'withdrawn',
  userId: user.id,
  recipient: user.email,
  dueAt: at,
  payload: { ...report, withdrawnAt: at },
});
