import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { User } from '@/lib/accounts';
import { meansLine } from '@/lib/cards';
import { type ConsentClient, recordConsent, sha256 } from '@/lib/consents';
import { getDb, priceChangeRequests } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { enqueueMail, subscriptionEnded } from '@/lib/mail';
import { formatDateTime } from '@/lib/values/client';
import { windowOpensAt } from './consent-window';
import { ended, isLive, LIVE_STATUSES, resumed, stopping } from './lifecycle';
import { bookRenewal, withdrawOpenCharge } from './manage';
import { findPlan } from './plans';
import { refusePrice, usersRequest } from './price-asks';
import { PRICE_CHANGE_TERMS_VERSION, priceChangeText } from './price-changes';
import { changeDateOf } from './prices';
import { chargesOf, openChargeOf, updateSubscription } from './repository';

// The subscriber's answer to a higher price: asked inside the 30 days before their first charge at
// it (an earlier announcement is information only), yes or no with equal weight, each logged.

const logAnswer = (
  user: User,
  { request, subscription, card }: Awaited<ReturnType<typeof usersRequest>>,
  agreed: boolean,
) => {
  const changesAt = changeDateOf(subscription, request.effectiveFrom);
  const text = priceChangeText(request, subscription.planName, changesAt, meansLine(card));
  return (givenAt: number, client: ConsentClient | undefined) => ({
    userId: user.id,
    kind: 'price_change' as const,
    agreed,
    termsVersion: PRICE_CHANGE_TERMS_VERSION,
    textSha256: sha256([PRICE_CHANGE_TERMS_VERSION, ...text].join('\n')),
    amount: request.newAmount,
    cycle: findPlan(subscription.planId)?.periodLabel,
    subjectId: request.id,
    givenAt,
    client,
  });
};

/**
 * The subscriber's consent to a higher price, inside the 30 days before their first charge at it
 * (409 consent_not_open before): logged with the hash of the text rendered here, and a renewal that
 * was withheld for want of it is booked again — at the new price — while the paid period runs.
 */
export async function acceptPriceChange(user: User, requestId: string, consent: unknown, client?: ConsentClient) {
  const given = consent as { agreed?: unknown } | null | undefined;
  if (given?.agreed !== true) throw refusePrice('consent_required', '바뀐 가격에 동의해야 계속 이용할 수 있습니다.');
  const row = await usersRequest(user, requestId);
  const { request, subscription } = row;
  if (request.status === 'accepted') return;
  const now = await iamport().serviceNow({ fresh: true });
  const asksFrom = windowOpensAt(changeDateOf(subscription, request.effectiveFrom));
  if (now < asksFrom) {
    throw refusePrice(
      'consent_not_open',
      `바뀐 가격에 대한 동의는 ${formatDateTime(asksFrom)}부터 받습니다 (바뀌기 전 30일 안에 받은 동의만 유효합니다).`,
      409,
    );
  }
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [accepted] = await tx
      .update(priceChangeRequests)
      .set({ status: 'accepted', acceptedAt: now, declinedAt: null })
      .where(
        and(eq(priceChangeRequests.id, request.id), inArray(priceChangeRequests.status, ['requested', 'declined'])),
      )
      .returning();
    if (accepted) await recordConsent(logAnswer(user, row, true)(now, client), tx);
  });
  const periodRuns = subscription.currentPeriodEnd !== null && now < subscription.currentPeriodEnd;
  const stoppedForPrice = subscription.cancelAtPeriodEnd && subscription.endReason === 'price_declined';
  if (subscription.status === 'active' && stoppedForPrice && periodRuns) {
    const renewing = await updateSubscription(subscription.id, resumed(), ['active']);
    if (renewing) await bookRenewal(renewing);
  }
}

/**
 * The subscriber says no to a higher price (or takes back a yes): logged as declined, and the
 * subscription's amount is the one they had before, while the new one has not been paid. When the
 * next charge is the one at the new price, it is taken back at the service and the subscription set
 * to end with its paid period now — or, when that charge is a failed renewal being retried, it ends
 * now: the rise never happens. Otherwise the charges at the old price go on, and the price gate ends
 * it when the new price would apply.
 */
export async function declinePriceChange(user: User, requestId: string, client?: ConsentClient) {
  const row = await usersRequest(user, requestId);
  const { request, subscription } = row;
  if (request.status === 'declined') return;
  const now = await iamport().serviceNow({ fresh: true });
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [declined] = await tx
      .update(priceChangeRequests)
      .set({ status: 'declined', declinedAt: now, acceptedAt: null })
      .where(
        and(eq(priceChangeRequests.id, request.id), inArray(priceChangeRequests.status, ['requested', 'accepted'])),
      )
      .returning();
    if (declined) await recordConsent(logAnswer(user, row, false)(now, client), tx);
  });
  if (subscription.amount === request.newAmount && !(await paidAtNewPrice(subscription.id, request))) {
    await updateSubscription(subscription.id, { amount: request.oldAmount });
  }
  const open = await openChargeOf(subscription.id);
  if (!open || (open.periodStart ?? 0) < request.effectiveFrom || !isLive(subscription)) return;
  const ending = await updateSubscription(subscription.id, stopping('price_declined'), [...LIVE_STATUSES]);
  try {
    await withdrawOpenCharge(open);
  } catch (error) {
    await updateSubscription(subscription.id, {
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      endReason: subscription.endReason,
    });
    throw error;
  }
  await db.update(priceChangeRequests).set({ withheld: true }).where(eq(priceChangeRequests.id, request.id));
  // In dunning its paid period is over: nothing more will be charged, so it ends now (unless the retry
  // had already run and was settled while being taken back).
  const endedNow = await updateSubscription(subscription.id, ended('price_declined', now), ['past_due']);
  const endsAt = endedNow ? now : ending?.currentPeriodEnd;
  if (ending && endsAt) await enqueueMail(db, subscriptionEnded(endedNow ?? ending, endsAt), { replan: true });
}

/** Whether a charge at the request's new price has been paid for a period it applies to. */
async function paidAtNewPrice(subscriptionId: string, request: { newAmount: number; effectiveFrom: number }) {
  return (await chargesOf(subscriptionId)).some(
    (c) => c.status === 'paid' && c.amount === request.newAmount && (c.periodStart ?? 0) >= request.effectiveFrom,
  );
}
