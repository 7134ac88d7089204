import 'server-only';
import type { User } from '@/lib/accounts/users';
import { findActiveCard } from '@/lib/cards/cards';
import { IamportError, iamport } from '@/lib/iamport';
import { bookCharge, rebook, revokeBooking } from './booking';
import { renewalOf } from './periods';
import { findPlan } from './plans';
import { refuseSubscription } from './refusals';
import {
  findUserSubscription,
  insertCharge,
  openChargeOf,
  type Subscription,
  type SubscriptionCharge,
  updateCharge,
  updateSubscription,
} from './repository';

async function usersSubscription(user: User, id: string): Promise<Subscription> {
  const subscription = await findUserSubscription(user.id, id);
  if (!subscription) throw refuseSubscription('subscription_not_found');
  return subscription;
}

/** Revokes the pending booking at the service; false when it already ran (its webhook settles it). */
async function revokeOpenCharge(open: SubscriptionCharge): Promise<boolean> {
  let revoked: boolean;
  try {
    revoked = await revokeBooking(open);
  } catch (error) {
    if (error instanceof IamportError) throw refuseSubscription('service_unavailable');
    throw error;
  }
  if (revoked) await updateCharge(open.id, ['to_book', 'scheduled'], { status: 'revoked' });
  return revoked;
}

/**
 * Cancels: an active subscription runs to the end of its paid period and is never charged again
 * (its booking is revoked); one in dunning ends now. The flag is set before the booking is revoked,
 * so a renewal that runs in between books nothing further.
 */
export async function cancelSubscription(user: User, id: string): Promise<void> {
  const subscription = await usersSubscription(user, id);
  if (subscription.status === 'active' && subscription.cancelAtPeriodEnd) return;
  if (subscription.status !== 'active' && subscription.status !== 'past_due')
    throw refuseSubscription('not_cancellable');
  await updateSubscription(subscription.id, { cancelAtPeriodEnd: true });
  const open = await openChargeOf(subscription.id);
  try {
    if (open) await revokeOpenCharge(open);
  } catch (error) {
    await updateSubscription(subscription.id, { cancelAtPeriodEnd: false });
    throw error;
  }
  if (subscription.status === 'past_due') {
    await updateSubscription(subscription.id, {
      status: 'cancelled',
      endReason: 'customer',
      endedAt: await iamport().serviceNow(),
    });
  }
}

/** Undoes a cancellation before the paid period ends: the next period is booked again. */
export async function resumeSubscription(user: User, id: string): Promise<void> {
  const subscription = await usersSubscription(user, id);
  if (subscription.status !== 'active' || !subscription.cancelAtPeriodEnd) throw refuseSubscription('not_resumable');
  const end = subscription.currentPeriodEnd ?? 0;
  if ((await iamport().serviceNow({ fresh: true })) >= end) throw refuseSubscription('not_resumable');
  // Its card may have been removed since the cancellation: there would be nothing to charge.
  if (!(await findActiveCard(user.id, subscription.cardId))) throw refuseSubscription('card_removed');
  const updated = await updateSubscription(subscription.id, { cancelAtPeriodEnd: false });
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
  const charge = await insertCharge({
    ...renewalOf(end, plan.period, subscription.amount),
    subscriptionId: subscription.id,
    customerUid: card.customerUid,
    status: 'to_book',
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
  const open = await openChargeOf(subscription.id);
  // Revoked before anything changes here: if the service cannot be asked, the booking and the
  // subscription both stay on the old card (and the answer is 503).
  const revoked = open && open.customerUid !== card.customerUid && (await revokeOpenCharge(open));
  const updated = (await updateSubscription(subscription.id, { cardId: card.id })) ?? subscription;
  if (open && revoked) await rebook(open, updated, card.customerUid);
}
