import { failureWords } from '@/lib/payments/client';
import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { User } from '@/lib/accounts';
import { findChargeableCard } from '@/lib/cards';
import type { ConsentClient } from '@/lib/consents';
import { getDb, subscriptions, violatedUniqueConstraint } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { chargeCard, mayStillArrive, resolveCharge } from '@/lib/payments';
import type { ShippingDetails } from '@/lib/values/client';
import { endsWithoutCharge } from './lifecycle';
import { logAgreedTerms, newSubscription } from './new-subscription';
import { acceptedOffer, SUBSCRIPTION_TERMS_VERSION } from './offer';
import { findOfferedPlan } from './plans';
import { amountAt } from './prices';
import { refuseSubscription } from './refusals';
import {
  findSubscription,
  findSubscriptionByKey,
  firstChargeOf,
  insertCharge,
  insertSubscription,
  type Subscription,
  updateSubscription,
} from './repository';
import { type ChargeOutcome, outcomeOf, settleCharge } from './settle';
import { shippingForPlan } from './shipping';
import { startTrial, trialAvailable } from './trial';

export interface Subscribe {
  planId: string;
  idempotencyKey: string;
  /** Default: the user's default card. */
  cardId?: string;
  /** `{ agreed: true, token }`: the consent to the terms the server showed (subscriptionOffer). */
  consent?: unknown;
  /** Where the consent came from, for the consent log. */
  client?: ConsentClient;
  /** A goods plan's delivery address (required for goods, 400 without). */
  shipping?: ShippingDetails;
}

/**
 * Starts a subscription: the first period is charged now with `again` (as one-click purchases
 * are: once per idempotency key, a lost answer looked up, never re-sent); once paid, the next
 * period's charge is booked at the service. One live subscription per plan. Nothing is charged or
 * booked without the customer's consent to the terms shown (422 `consent_required`); the consent
 * is logged in the same transaction as the subscription it is for.
 */
export async function subscribe(
  user: User,
  input: Subscribe,
): Promise<{ subscription: Subscription; created: boolean }> {
  const plan = findOfferedPlan(input.planId);
  if (!plan) throw refuseSubscription('unknown_plan');
  // A request sent again (a double tap, a retry) is answered with what it made, before the terms it
  // agreed to are checked: they may be on offer no more because of it (the trial it started is taken).
  const repeated = await findSubscriptionByKey(user.id, input.idempotencyKey);
  if (repeated) return answerRepeated(repeated, plan.id);
  const shipping = shippingForPlan(plan, input.shipping);
  const card = await findChargeableCard(user.id, input.cardId);
  if (!card) throw refuseSubscription(input.cardId ? 'card_not_found' : 'no_card');
  const now = await iamport().serviceNow();
  await endLapsed(user, plan.id);
  const price = await amountAt(plan, now);
  const trial = await trialAvailable(user, plan);
  const consent = acceptedOffer(input.consent, {
    userId: user.id,
    planId: plan.id,
    cardId: card.id,
    amount: price,
    trial,
    now,
  });
  const agreed = { ...consent, termsVersion: SUBSCRIPTION_TERMS_VERSION, client: input.client };
  const db = await getDb();
  // A plan with a free trial charges nothing now, once per person; after that, as any plan.
  if (trial) {
    const started = await startTrial(user, plan, card, input.idempotencyKey, {
      amount: price,
      shipping,
      consent: agreed,
    });
    if (started) return started;
    // Nothing started: a repeated request (answered with what it made), or the person's trial
    // was taken meanwhile — the terms agreed to said "free now", so nothing is charged.
    const existing = await findSubscriptionByKey(user.id, input.idempotencyKey);
    if (!existing || existing.planId !== plan.id) throw refuseSubscription('consent_outdated');
    return { subscription: await settleIncomplete(existing), created: false };
  }

  let inserted: Subscription | undefined;
  try {
    inserted = await db.transaction(async (tx) => {
      const row = await insertSubscription(
        newSubscription(user, plan, card, { amount: price, idempotencyKey: input.idempotencyKey, shipping }),
        tx,
      );
      if (row) await logAgreedTerms(tx, row, agreed, now);
      return row;
    });
  } catch (error) {
    if (violatedUniqueConstraint(error) !== 'subscriptions_one_live_per_plan') throw error;
    // The live one may be this request's own, made by its twin a moment ago (a double tap whose
    // insert met the twin's uncommitted row on the plan's index, not the key's): the same answer.
    const twin = await findSubscriptionByKey(user.id, input.idempotencyKey);
    if (!twin) throw refuseSubscription('already_subscribed');
    return answerRepeated(twin, plan.id);
  }
  if (!inserted) {
    const existing = await findSubscriptionByKey(user.id, input.idempotencyKey);
    if (!existing) throw refuseSubscription('idempotency_key_reused');
    return answerRepeated(existing, plan.id);
  }

  const first = await insertCharge({
    subscriptionId: inserted.id,
    kind: 'first',
    amount: price,
    customerUid: card.customerUid,
    status: 'pending',
  });
  if (!first) throw new Error('first charge not inserted');
  const result = await chargeCard({
    merchantUid: first.merchantUid,
    customerUid: card.customerUid,
    api: first.api,
    billingKey: card.billingKey,
    amount: price,
    name: plan.name,
    buyer: user,
  });
  if (result.status !== 'pending') {
    const outcome = result.payment ? outcomeOf(result.payment) : undefined;
    await settleCharge(first, outcome ?? (await refused(result.status === 'failed' ? result.reason : '결제 실패')));
  }
  return { subscription: (await findSubscription(inserted.id)) ?? inserted, created: true };
}

/** The subscription an earlier request with this key made, as it stands now; the key of another plan's is refused. */
async function answerRepeated(existing: Subscription, planId: string) {
  if (existing.planId !== planId) throw refuseSubscription('idempotency_key_reused');
  return { subscription: await settleIncomplete(existing), created: false };
}

/**
 * The customer's subscription to the plan that has already ended by the clock (set to stop, its
 * period over — a trial nobody agreed to turn paid, a cancellation) but that reconciliation has not
 * closed yet: closed now, so subscribing again is not refused as already_subscribed.
 */
async function endLapsed(user: User, planId: string) {
  const db = await getDb();
  const live = await db.query.subscriptions.findFirst({
    where: and(eq(subscriptions.userId, user.id), eq(subscriptions.planId, planId), eq(subscriptions.status, 'active')),
  });
  if (!live?.cancelAtPeriodEnd) return;
  // Decided at its edge: the service's clock, read now.
  const ending = endsWithoutCharge(live, await iamport().serviceNow({ fresh: true }));
  if (ending) await updateSubscription(live.id, ending, ['active']);
}

/** A failure with no payment on record (refused, or never charged), dated on the service's clock. */
const refused = async (reason: string): Promise<ChargeOutcome> => ({
  status: 'failed',
  impUid: null,
  reason,
  at: await iamport().serviceNow(),
});

/**
 * A subscription whose first charge's answer was lost: looked up by merchant_uid. Nothing there
 * once the charge can no longer arrive means it was never charged.
 */
export async function settleIncomplete(subscription: Subscription, now = Date.now()): Promise<Subscription> {
  if (subscription.status !== 'incomplete') return subscription;
  const first = await firstChargeOf(subscription.id);
  if (!first) return endUncharged(subscription, now);
  if (first.status !== 'pending') return subscription;
  const truth = await resolveCharge(first.merchantUid, first.amount, first.api);
  if (truth.status === 'pending') return subscription;
  if (truth.status === 'not_found') {
    if (mayStillArrive(first.createdAt, now)) return subscription;
    await settleCharge(first, await refused('결제가 이루어지지 않았습니다. 다시 시도해 주세요.'));
  } else {
    const outcome = truth.payment ? outcomeOf(truth.payment) : undefined;
    await settleCharge(first, outcome ?? (await refused(truth.status === 'failed' ? truth.reason : '결제 실패')));
  }
  return (await findSubscription(subscription.id)) ?? subscription;
}

/**
 * A subscribe stopped between its two writes (a restart, a lost database connection): no first
 * charge, so no merchant_uid ever reached the service and nothing was charged. Once it can no
 * longer be a request under way it fails, giving the plan's one live place back to the customer.
 */
async function endUncharged(subscription: Subscription, now: number): Promise<Subscription> {
  if (mayStillArrive(subscription.createdAt, now)) return subscription;
  return (await updateSubscription(subscription.id, { status: 'failed' }, ['incomplete'])) ?? subscription;
}

/** What the customer is told right after subscribing: the status, and the issuer's reason if the first charge failed. */
export async function subscribeOutcome(
  subscription: Subscription,
): Promise<{ status: Subscription['status']; reason?: string; trialEndsAt?: number }> {
  if (subscription.trialEndsAt !== null && subscription.status === 'active')
    return { status: 'active', trialEndsAt: subscription.trialEndsAt };
  if (subscription.status !== 'failed') return { status: subscription.status };
  const first = await firstChargeOf(subscription.id);
  return { status: 'failed', reason: failureWords(first?.failReason) ?? '결제가 승인되지 않았습니다.' };
}
