import 'server-only';
import { getDb } from '@/lib/db';
import { iamport, type Payment } from '@/lib/iamport';
import {
  lockRefundsOf,
  makeRefund,
  promiseRefund,
  type Refund,
  type RefundOutcome,
  readPaymentOn,
  resolveRefund,
} from '@/lib/payments';
import { type CancelActor, ownSubscription, quoteOf, runningCharge } from './cancel-now-quote';
import { CANCEL_NOW_REASON, cancelNowBook, cancelNowDecisionOf, endNow, mailEndedNow } from './cancel-now-refund';
import { isLive, resumed, stopping } from './lifecycle';
import { bookRenewal, withdrawOpenCharge } from './manage';
import { refuseSubscription } from './refusals';
import {
  findSubscription,
  lockSubscription,
  openChargeOf,
  type Subscription,
  type SubscriptionCharge,
  updateSubscription,
} from './repository';

/** What a cancel-now came to: the refund made (KRW), and whether an earlier request had decided it. */
export interface CancelNowResult {
  refunded: number;
  subscription: Subscription;
  /** Ended by an earlier request (a second tap, another operator): this one answers with its refund. */
  already: boolean;
}

/**
 * Ends a subscription now and refunds the unused part of the paid period (pro rata of what the
 * service's record says is left, floored to the won) — for a service plan; a goods plan's running
 * period has shipped, so it ends with no refund (and no refund is promised).
 *
 * Decided once: nothing further may be booked (the flag), the waiting booking is revoked (one that
 * had already run is settled first, so the refund is of the newest period), and then, in one
 * transaction under the payment's refund lock and the subscription's row lock, the subscription
 * ends and its refund is promised (written down with the record's balance as checksum). A request
 * that comes later — a second tap, another operator, another app instance — finds it ended and
 * answers with that decision's refund (resolving it if its answer is still unknown), never refunds
 * again. The refund is asked once; one the service refuses puts the subscription back as it was
 * (booking included) and says so; a lost answer is resolved from the record by the next call or
 * reconciliation.
 */
export async function cancelSubscriptionNow(
  subscriptionId: string,
  { actor }: { actor: CancelActor },
): Promise<CancelNowResult> {
  const subscription = await ownSubscription(subscriptionId, actor);
  if (!isLive(subscription)) return answerDecided(subscription);
  const before = { cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, endReason: subscription.endReason };
  await updateSubscription(subscription.id, { cancelAtPeriodEnd: true }, ['active', 'past_due']);
  try {
    let open = await openChargeOf(subscription.id);
    for (let tries = 0; open && tries < 3; tries++) {
      await withdrawOpenCharge(open);
      open = await openChargeOf(subscription.id);
    }
  } catch (error) {
    await putBack(subscription.id, before);
    throw error;
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const now = await iamport().serviceNow({ fresh: true });
    const charge = await runningCharge(subscription.id, now);
    const payment = charge?.impUid ? await readPaymentOn(charge.api, charge.impUid) : undefined;
    const amount = charge && payment ? quoteOf(subscription, charge, now, balanceOf(payment)).refund : 0;
    const decision = await decide(subscription, charge, payment && amount > 0 ? { payment, amount } : undefined, now);
    if (decision.kind === 'ended') return result(subscription.id, 0, false);
    if (decision.kind === 'decided') return answerDecided(await ownSubscription(subscription.id, actor));
    if (decision.kind === 'in_flight') break;
    if (decision.kind === 'promised') {
      const outcome = await makeRefund(decision.refund, cancelNowBook);
      if (outcome.kind === 'refused') await putBack(subscription.id, before);
      return answer(subscription.id, outcome, false);
    }
    // Stale: an operator's refund of the payment was made since it was read; read it again.
  }
  await putBack(subscription.id, before);
  throw refuseSubscription('refund_in_progress');
}

type Decision = { kind: 'ended' | 'decided' | 'in_flight' | 'stale' } | { kind: 'promised'; refund: Refund };

/**
 * The decision, in one transaction: the payment's refund lock first (the order every refund path
 * takes its locks in), then the subscription's row. Still live and still on the charge read, it
 * ends now — with its refund promised when there is one. A refund of the payment in flight (an
 * operator's) or one made since the read changes nothing.
 */
async function decide(
  subscription: Subscription,
  charge: SubscriptionCharge | undefined,
  refund: { payment: Payment; amount: number } | undefined,
  now: number,
): Promise<Decision> {
  const db = await getDb();
  return db.transaction(async (tx): Promise<Decision> => {
    if (refund) await lockRefundsOf(tx, refund.payment.imp_uid);
    const locked = await lockSubscription(tx, subscription.id);
    if (!locked || !isLive(locked)) return { kind: 'decided' };
    if ((await runningCharge(subscription.id, now, tx))?.id !== charge?.id) return { kind: 'stale' };
    if (!charge || !refund) {
      // No refund due: it has ended for certain, and is mailed so in the same write.
      const ended = await endNow(tx, subscription.id, now);
      if (ended) await mailEndedNow(tx, ended);
      return { kind: 'ended' };
    }
    const claim = await promiseRefund(tx, {
      payment: refund.payment,
      merchantUid: charge.merchantUid,
      userId: subscription.userId,
      origin: 'cancel_now',
      // Refunded on the API the charge was paid on.
      api: charge.api,
      amount: refund.amount,
      reason: CANCEL_NOW_REASON,
      now,
    });
    if (claim.kind !== 'promised') return { kind: claim.kind };
    await endNow(tx, subscription.id, now);
    return claim;
  });
}

/** A subscription already ended: by a cancel-now, answered with that decision's refund; otherwise 409. */
async function answerDecided(subscription: Subscription): Promise<CancelNowResult> {
  const decision = await cancelNowDecisionOf(subscription);
  if (!decision) throw refuseSubscription('not_cancellable');
  return answer(subscription.id, await resolveRefund(decision, cancelNowBook), true);
}

async function answer(subscriptionId: string, outcome: RefundOutcome, already: boolean) {
  if (outcome.kind === 'unknown') throw refuseSubscription('refund_unknown');
  if (outcome.kind === 'refused') {
    throw refuseSubscription('refund_failed', `환불하지 못해 구독을 그대로 두었습니다. (${outcome.message})`);
  }
  return result(subscriptionId, outcome.refund.amount, already);
}

const balanceOf = (payment: Payment) => (payment.status === 'paid' ? payment.amount - payment.cancel_amount : 0);

async function result(subscriptionId: string, refunded: number, already: boolean): Promise<CancelNowResult> {
  const subscription = await findSubscription(subscriptionId);
  if (!subscription) throw refuseSubscription('subscription_not_found');
  return { refunded, subscription, already };
}

/**
 * The subscription as this request found it: renewing (booked again) unless it was already set to
 * stop, then with its own reason. Only while it runs (a refused refund reopens it set to stop).
 */
async function putBack(subscriptionId: string, before: Pick<Subscription, 'cancelAtPeriodEnd' | 'endReason'>) {
  const change = before.cancelAtPeriodEnd ? stopping(before.endReason ?? 'customer') : resumed();
  const restored = await updateSubscription(subscriptionId, change, ['active', 'past_due']);
  if (restored?.status === 'active' && !restored.cancelAtPeriodEnd) await bookRenewal(restored);
}
