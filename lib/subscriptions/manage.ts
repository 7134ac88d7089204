import 'server-only';
import type { User } from '@/lib/accounts/users';
import { findActiveCard } from '@/lib/cards/repository';
import { getDb } from '@/lib/db/client';
import { serviceUnavailable } from '@/lib/http/errors';
import { iamport } from '@/lib/iamport';
import { subscriptionCancelled } from '@/lib/mail/lifecycle-notices';
import { renewalReminder, subscriptionEnded } from '@/lib/mail/notices';
import { enqueueMail } from '@/lib/mail/outbox';
import { bookCharge, rebook, revokeBooking } from './booking';
import { settleExecution } from './executions';
import { inTrial } from './lifecycle';
import { renewalOf } from './periods';
import { findPlan } from './plans';
import { priceConsentMissing } from './price-gate';
import { refuseSubscription } from './refusals';
import {
  findCharge,
  findUserSubscription,
  insertCharge,
  openChargeOf,
  type Subscription,
  type SubscriptionCharge,
  updateCharge,
  updateSubscription,
} from './repository';
import { unsentBox } from './shipments';

async function usersSubscription(user: User, id: string): Promise<Subscription> {
  const subscription = await findUserSubscription(user.id, id);
  if (!subscription) throw refuseSubscription('subscription_not_found');
  return subscription;
}

/**
 * Takes the pending booking back at the service. True when it will not run; when it had already
 * run, its payment is read and settled here (applied, or refunded if it buys nothing) before
 * answering false — never left to a notice that may be lost. 503 when the service cannot say.
 */
export async function withdrawOpenCharge(open: SubscriptionCharge): Promise<boolean> {
  if ((await revokeBooking(open)) === 'revoked') {
    await updateCharge(open.id, ['to_book', 'scheduled'], { status: 'revoked' });
    return true;
  }
  if ((await settleExecution(open)) === undefined) throw serviceUnavailable();
  return false;
}

/**
 * Cancels: an active subscription runs to the end of its paid period and is never charged again
 * (its booking is revoked); one in dunning ends now — unless its retry had already been paid, which
 * buys its period like any renewal. The flag is set before the booking is revoked, so a renewal
 * that runs in between books nothing further.
 */
export async function cancelSubscription(user: User, id: string): Promise<void> {
  const subscription = await usersSubscription(user, id);
  if (subscription.status === 'active' && subscription.cancelAtPeriodEnd) {
    // Set to end for want of a price consent: from now on it is the customer's own cancellation, which
    // a later yes to the price does not undo.
    if (subscription.endReason === 'price_declined')
      await updateSubscription(subscription.id, { endReason: 'customer' });
    return;
  }
  if (subscription.status !== 'active' && subscription.status !== 'past_due')
    throw refuseSubscription('not_cancellable');
  await updateSubscription(subscription.id, { cancelAtPeriodEnd: true, endReason: 'customer' });
  const open = await openChargeOf(subscription.id);
  try {
    if (open) await withdrawOpenCharge(open);
  } catch (error) {
    await updateSubscription(subscription.id, { cancelAtPeriodEnd: false, endReason: subscription.endReason });
    throw error;
  }
  const endedAt = await iamport().serviceNow();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const ended = await updateSubscription(
      subscription.id,
      { status: 'cancelled', endReason: 'customer', endedAt },
      ['past_due'],
      tx,
    );
    // The ending's mail: now when it ended now, at the paid period's end otherwise.
    const current =
      ended ?? (await tx.query.subscriptions.findFirst({ where: (s, { eq }) => eq(s.id, subscription.id) }));
    const endsAt = ended ? endedAt : current?.cancelAtPeriodEnd && current.currentPeriodEnd;
    if (current && endsAt) await enqueueMail(tx, subscriptionEnded(current, endsAt), { replan: true });
    // Set to end with its period: said now, with the box of the paid period that still ships.
    if (current && !ended && current.cancelAtPeriodEnd) {
      await enqueueMail(tx, subscriptionCancelled(current, 'period_end', endedAt, await unsentBox(current.id, tx)));
    }
  });
}

/** Undoes a cancellation before the paid period ends: the next period is booked again. */
export async function resumeSubscription(user: User, id: string): Promise<void> {
  const subscription = await usersSubscription(user, id);
  if (subscription.status !== 'active' || !subscription.cancelAtPeriodEnd) throw refuseSubscription('not_resumable');
  // A free trial goes on only with a consent to its conversion (trial-conversion.ts), never by a resume.
  if (inTrial(subscription) && subscription.trialDecision !== 'convert')
    throw refuseSubscription('trial_consent_required');
  const end = subscription.currentPeriodEnd ?? 0;
  if ((await iamport().serviceNow({ fresh: true })) >= end) throw refuseSubscription('not_resumable');
  // A renewal at a higher price goes on only with the subscriber's yes to it (price-gate.ts), never by a resume.
  if (await priceConsentMissing(subscription, end)) throw refuseSubscription('price_consent_required');
  // Its card may have been removed since the cancellation: there would be nothing to charge.
  if (!(await findActiveCard(user.id, subscription.cardId))) throw refuseSubscription('card_removed');
  const updated = await updateSubscription(subscription.id, { cancelAtPeriodEnd: false, endReason: null });
  await bookRenewal(updated ?? subscription);
}

/**
 * Books the renewal of an active subscription's current period unless one is booked; answers
 * whether a booking was made. Used when resuming and by reconciliation; the unique indexes make a
 * concurrent second booking a no-op.
 */
export async function bookRenewal(subscription: Subscription): Promise<boolean> {
  const plan = findPlan(subscription.planId);
  const card = await findActiveCard(subscription.userId, subscription.cardId);
  const end = subscription.currentPeriodEnd;
  if (!plan || !card || end === null || subscription.cancelAtPeriodEnd) return false;
  const now = await iamport().serviceNow();
  const db = await getDb();
  const charge = await db.transaction(async (tx) => {
    const inserted = await insertCharge(
      {
        ...renewalOf(end, plan.period, subscription.amount, now, subscription.billingAnchor ?? end),
        subscriptionId: subscription.id,
        customerUid: card.customerUid,
        status: 'to_book',
      },
      tx,
    );
    // Planned again after a resume: a reminder skipped while it was cancelled is due once more.
    const reminder = inserted && renewalReminder(subscription, inserted);
    if (reminder) await enqueueMail(tx, reminder, { replan: true });
    return inserted;
  });
  return charge ? bookCharge(charge, subscription) : false;
}

/**
 * Charges the subscription to another of the user's cards from the next charge on: a pending
 * booking (renewal or dunning retry) is revoked and booked again, same time, under the new card.
 */
export async function changeSubscriptionCard(user: User, id: string, cardId: string): Promise<void> {
  const subscription = await usersSubscription(user, id);
  if (subscription.status !== 'active' && subscription.status !== 'past_due') {
    throw refuseSubscription('not_changeable');
  }
  const card = await findActiveCard(user.id, cardId);
  if (!card) throw refuseSubscription('card_not_found');
  if (card.id === subscription.cardId) return;
  // Revoked before anything changes here: if the service cannot be asked, the booking and the
  // subscription both stay on the old card (and the answer is 503). A booking that had already run
  // is settled first; settling may book the next charge, which is then moved in turn.
  let open = await openChargeOf(subscription.id);
  for (let tries = 0; open && open.customerUid !== card.customerUid && tries < 3; tries++) {
    if (await withdrawOpenCharge(open)) break;
    open = await openChargeOf(subscription.id);
  }
  const updated = (await updateSubscription(subscription.id, { cardId: card.id })) ?? subscription;
  if (open && open.customerUid !== card.customerUid && (await findCharge(open.id))?.status === 'revoked') {
    await rebook(open, updated, card.customerUid);
  }
}
