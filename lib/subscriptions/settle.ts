import 'server-only';
import { cardLabel, findCard, findCardByCustomerUid } from '@/lib/cards';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { iamport, type Payment } from '@/lib/iamport';
import {
  chargeReceipt,
  enqueueMail,
  enqueueMails,
  refundNotices,
  renewalFailed,
  renewalReminder,
  subscriptionEnded,
} from '@/lib/mail';
import { buysNothing, refundInFull } from '@/lib/payments';
import { type Settlement, settlement } from '@/lib/payments/client';
import { bookCharge } from './booking';
import { dunned, isEnded, renewed } from './lifecycle';
import { periodEnd } from './periods';
import { findPlan } from './plans';
import {
  findSubscription,
  insertCharge,
  lockCharge,
  lockSubscription,
  type Subscription,
  type SubscriptionCharge,
  updateCharge,
  updateSubscription,
} from './repository';
import { shipPaidPeriod } from './shipments';

const UNSETTLED: SubscriptionCharge['status'][] = ['pending', 'to_book', 'scheduled'];

/** What the service's records say a charge came to. */
export type ChargeOutcome =
  | { status: 'paid'; impUid: string; at: number; buysNothing?: boolean; receiptUrl?: string | null }
  | { status: 'failed'; impUid: string | null; reason: string; at: number };

export function outcomeOf(payment: Payment): ChargeOutcome | undefined {
  if (payment.status === 'paid') {
    return {
      status: 'paid',
      impUid: payment.imp_uid,
      at: payment.paid_at,
      buysNothing: buysNothing(payment),
      receiptUrl: payment.receipt_url,
    };
  }
  if (payment.status === 'failed') {
    return {
      status: 'failed',
      impUid: payment.imp_uid,
      reason: payment.fail_reason ?? '결제 실패',
      at: payment.failed_at,
    };
  }
  return undefined;
}

/**
 * Applies a charge's outcome to its subscription, once: the charge is claimed by a conditional
 * update inside a transaction, so a duplicate, late or concurrent delivery (another app instance)
 * finds it settled and changes nothing. Paid: the period is extended and the next renewal booked.
 * Failed: dunning — the next retry is booked, or after the last one the subscription ends.
 * Answers what it came to.
 */
export async function settleCharge(charge: SubscriptionCharge, paid: ChargeOutcome): Promise<Settlement> {
  const outcome = await unpaidIfSandbox(charge, paid);
  const db = await getDb();
  // The next period is booked from the service's now: a charge settled late never books a past one.
  const now = await iamport().serviceNow();
  const result = await db.transaction(async (tx) => {
    // Locked first: a concurrent delivery (another app instance) waits here, then finds it settled.
    const current = await lockCharge(tx, charge.id);
    if (!current) throw new Error(`charge ${charge.merchantUid} is gone`);
    const subscription = await lockSubscription(tx, current.subscriptionId);
    if (!subscription) throw new Error(`charge ${current.merchantUid} without a subscription`);
    const open = UNSETTLED.includes(current.status);
    // Money for a charge given up on, for a subscription that has ended, or a second payment of a
    // charge already settled by another, buys nothing: refunded.
    const second = !open && current.impUid !== null && current.impUid !== outcome.impUid;
    const unusable = outcome.status === 'paid' && outcome.buysNothing === true;
    if (outcome.status === 'paid' && (isGivenUp(current) || second || (open && (isEnded(subscription) || unusable)))) {
      // A first charge that buys nothing: the subscription never started.
      if (current.kind === 'first') await updateSubscription(subscription.id, { status: 'failed' }, ['incomplete'], tx);
      return { stray: current };
    }
    if (!open) return { settled: settlement('already', `already settled (${current.status})`) };
    const claimed = await updateCharge(
      current.id,
      [current.status],
      {
        status: outcome.status,
        impUid: outcome.impUid,
        failReason: outcome.status === 'failed' ? outcome.reason : null,
        settledAt: outcome.at,
        receiptUrl: outcome.status === 'paid' ? (outcome.receiptUrl ?? null) : null,
        ...(outcome.status === 'paid' && boughtPeriod(subscription, current, outcome.at)),
      },
      tx,
    );
    if (!claimed) return { settled: settlement('already', 'already settled') };
    const next =
      outcome.status === 'paid'
        ? renewed(subscription, claimed, now, findPlan(subscription.planId)?.period)
        : dunned(subscription, claimed, outcome.at, env.DUNNING_RETRY_DAYS);
    const updated = (await updateSubscription(subscription.id, next.change, undefined, tx)) ?? subscription;
    // A goods plan's paid period is a box to ship (I9), made with the charge's settlement: once.
    const box = outcome.status === 'paid' ? await shipPaidPeriod(tx, updated, claimed) : undefined;
    // The customer's mail, in this transaction: a duplicate delivery never gets this far.
    const receipt = async (booked?: SubscriptionCharge) => {
      if (outcome.status !== 'paid') return;
      const paidWith = await findCardByCustomerUid(claimed.customerUid, tx);
      const card = paidWith ? cardLabel(paidWith) : null;
      await enqueueMail(tx, chargeReceipt(updated, claimed, outcome, card, { next: booked, box }));
    };
    if (outcome.status === 'failed' && updated.status === 'cancelled' && subscription.status !== 'cancelled') {
      await enqueueMail(tx, subscriptionEnded(updated, outcome.at));
    }
    const settled = settlement('applied', next.note);
    if (!next.book) {
      await receipt();
      return { settled, subscription: updated };
    }
    const card = await findCard(updated.cardId, tx);
    if (card?.status !== 'active') {
      await receipt();
      return {
        settled: settlement('applied', `${next.note}; no active card to book the next charge`),
        subscription: updated,
      };
    }
    const booked = await insertCharge(
      { ...next.book, subscriptionId: subscription.id, customerUid: card.customerUid, status: 'to_book' },
      tx,
    );
    await receipt(booked);
    if (booked && outcome.status === 'failed' && booked.scheduleAt !== null) {
      await enqueueMail(tx, renewalFailed(updated, claimed, booked.scheduleAt));
    }
    const reminder = booked && renewalReminder(updated, booked);
    if (reminder) await enqueueMail(tx, reminder, { replan: true });
    return { settled, subscription: updated, toBook: booked };
  });
  if (result.stray) return refundStray(result.stray, outcome.impUid ?? '');
  // Booked after the commit: a failure here leaves the charge `to_book` for reconciliation.
  if (result.toBook && result.subscription) await bookCharge(result.toBook, result.subscription);
  return result.settled;
}

/**
 * A renewal or retry paid through a test channel (its billing key re-issued there) moved no money:
 * refunded, and settled as not paid — dunning, then the end — so it never keeps the subscription
 * going for free. (A first charge that buys nothing ends the attempt below, as it always did.)
 */
async function unpaidIfSandbox(charge: SubscriptionCharge, outcome: ChargeOutcome): Promise<ChargeOutcome> {
  if (outcome.status !== 'paid' || !outcome.buysNothing || charge.kind === 'first') return outcome;
  await refundInFull(outcome.impUid, charge.amount, SANDBOX_REASON, charge.api);
  return { status: 'failed', impUid: outcome.impUid, reason: SANDBOX_REASON, at: outcome.at };
}

const SANDBOX_REASON = '테스트 채널의 결제는 실제 결제가 아니어서 결제되지 않은 것으로 처리했습니다.';

/**
 * A charge this app gave up on: a booking revoked (a cancel, a card change) or a first charge
 * declared never made. Its customer was told it would not be charged.
 */
const isGivenUp = (charge: SubscriptionCharge) =>
  charge.status === 'revoked' || (charge.status === 'failed' && charge.impUid === null);

/**
 * A payment that arrived for a charge given up on (it ran in a race with its revocation, or landed
 * after the lookup window) or for a subscription already ended: refunded in full, never applied.
 */
async function refundStray(charge: SubscriptionCharge, impUid: string): Promise<Settlement> {
  const refunded = await refundInFull(impUid, charge.amount, '취소된 정기결제 예약의 결제', charge.api);
  await mailRefund(charge.subscriptionId, refunded);
  if (charge.impUid !== null && charge.impUid !== impUid) {
    return settlement('refunded', 'refunded: a second payment of a settled charge');
  }
  await updateCharge(charge.id, ['revoked', 'failed', ...UNSETTLED], {
    status: 'refunded',
    impUid,
    refundedAmount: charge.amount,
    failReason: '해지되거나 취소된 뒤 결제되어 환불했습니다.',
  });
  return settlement('refunded', 'refunded: the charge had been given up');
}

/** Tells the customer of each refund of a subscription's payment (keyed by the refund: once). */
export async function mailRefund(subscriptionId: string, refunded: Payment): Promise<void> {
  const subscription = await findSubscription(subscriptionId);
  if (!subscription) return;
  await enqueueMails(await getDb(), refundNotices(subscription.userId, subscription.planName, refunded));
}

/**
 * The period a paid charge buys: the one it was booked for while that still runs; a payment that
 * came after its period ended (a late retry, a late execution) buys a whole period from when it
 * was paid — a period already over is never what the customer pays for. The first charge's period
 * starts when it was paid.
 */
function boughtPeriod(subscription: Subscription, charge: SubscriptionCharge, paidAt: number) {
  if (charge.kind !== 'first' && charge.periodEnd !== null && paidAt < charge.periodEnd) return {};
  return periodFrom(subscription, paidAt);
}

function periodFrom(subscription: Subscription, paidAt: number) {
  const plan = findPlan(subscription.planId);
  if (!plan) throw new Error(`subscription ${subscription.id} has no known plan`);
  return { periodStart: paidAt, periodEnd: periodEnd(paidAt, plan.period) };
}
