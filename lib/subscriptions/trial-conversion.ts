import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { User } from '@/lib/accounts';
import { findActiveCard, meansLine } from '@/lib/cards';
import { type ConsentClient, recordConsent, sha256 } from '@/lib/consents';
import { getDb, mailOutbox } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { enqueueMail, subscriptionEnded } from '@/lib/mail';
import type { TrialSummary } from '@/lib/subscriptions/subscription-view';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { windowOpensAt } from './consent-window';
import { inTrial, resumed, stopping } from './lifecycle';
import { bookRenewal, withdrawOpenCharge } from './manage';
import { findPlan } from './plans';
import { refuseSubscription } from './refusals';
import {
  findUserSubscription,
  lockSubscription,
  openChargeOf,
  type Subscription,
  updateSubscription,
} from './repository';

// A free trial turns paid only with the customer's consent, asked as a step of its own inside the 30
// days before the first charge (consent-window.ts): 유료 전환에 동의 books the first charge at the
// service for the trial's end; 체험만 하고 종료 (or no answer) lets it end then, charging nothing.

export const TRIAL_CONVERSION_TERMS_VERSION = 'trial-conversion-2026-12-v1';
export type TrialDecision = 'convert' | 'end';

/**
 * What the customer agrees to, rendered here (its hash goes into the consent log): date, price, cycle,
 * the means charged (`means`: its whole line, meansLine), cancelling.
 */
export function trialConversionText(subscription: Subscription, means: string): string[] {
  const plan = findPlan(subscription.planId);
  const cycle = plan?.periodLabel ?? '1개월';
  const at = subscription.trialEndsAt ?? 0;
  return [
    `요금제: ${subscription.planName}`,
    `첫 결제 일시: ${formatDateTime(at)} (무료 체험이 끝나는 때)`,
    `결제 금액: ${formatWon(subscription.amount)}, 이후 ${cycle}마다 같은 금액이 자동 결제됩니다`,
    means,
    plan?.kind === 'goods'
      ? '해지 방법: 내 계정 > 정기구독에서 언제든 해지할 수 있습니다. 첫 결제 전에 해지하면 요금이 없습니다. 결제된 뒤에는 이용 기간 끝에 해지하거나 지금 해지할 수 있으며, 결제된 회차의 상품은 발송되어 환불되지 않습니다.'
      : '해지 방법: 내 계정 > 정기구독에서 언제든 해지할 수 있습니다. 첫 결제 전에 해지하면 요금이 없습니다. 결제된 뒤에는 이용 기간 끝에 해지하거나, 지금 해지하고 남은 기간만큼 환불받을 수 있습니다.',
    '동의하지 않으면 무료 체험이 끝날 때 결제 없이 구독이 종료됩니다.',
    '위 조건으로 유료 전환(정기결제)에 동의합니다',
  ];
}

const textHash = (text: string[]) => sha256([TRIAL_CONVERSION_TERMS_VERSION, ...text].join('\n'));

/** A live trial as its page and the banner show it, with the ask; undefined when it is not one. */
export function trialSummaryOf(subscription: Subscription, means: string, now: number): TrialSummary | undefined {
  const endsAt = subscription.trialEndsAt;
  if (endsAt === null || !inTrial(subscription) || subscription.status !== 'active' || now >= endsAt) return undefined;
  const text = trialConversionText(subscription, means);
  return {
    endsAt,
    decision: subscription.trialDecision,
    decidedAt: subscription.trialDecidedAt,
    asksFrom: windowOpensAt(endsAt),
    askOpen: now >= windowOpensAt(endsAt),
    text,
    textSha256: textHash(text),
  };
}

/**
 * The customer's answer to a trial's conversion, during the trial and inside the 30 days before its
 * end. `convert`: logged with the hash of the text shown (a stale page is refused, 409
 * consent_outdated), the ending planned at trial start called off, and the first charge booked.
 * `end`: logged as declined, the subscription set to end at the trial's end — a booking made after an
 * earlier consent is taken back at the service first (503 when it cannot be, and nothing changes).
 */
export async function decideTrial(
  user: User,
  id: string,
  decision: TrialDecision,
  { textSha256, client }: { textSha256?: string; client?: ConsentClient } = {},
): Promise<void> {
  const subscription = await findUserSubscription(user.id, id);
  if (!subscription) throw refuseSubscription('subscription_not_found');
  const endsAt = subscription.trialEndsAt;
  if (endsAt === null || !inTrial(subscription) || subscription.status !== 'active')
    throw refuseSubscription('not_in_trial');
  const now = await iamport().serviceNow({ fresh: true });
  if (now >= endsAt) throw refuseSubscription('trial_over');
  if (now < windowOpensAt(endsAt)) throw refuseSubscription('consent_not_open');
  // Already so: agreed and booking, or set to end after saying no (a cancel after agreeing is asked again).
  const converting = !subscription.cancelAtPeriodEnd;
  if (decision === 'convert' ? converting : subscription.trialDecision === 'end') return;
  const card = await findActiveCard(user.id, subscription.cardId);
  if (decision === 'convert' && !card) throw refuseSubscription('card_removed');
  const text = trialConversionText(subscription, meansLine(card));
  if (decision === 'convert' && textSha256 !== textHash(text)) throw refuseSubscription('consent_outdated');
  const log = {
    userId: user.id,
    kind: 'trial_conversion' as const,
    agreed: decision === 'convert',
    termsVersion: TRIAL_CONVERSION_TERMS_VERSION,
    textSha256: textHash(text),
    amount: subscription.amount,
    cycle: findPlan(subscription.planId)?.periodLabel,
    subjectId: subscription.id,
    givenAt: now,
    client,
  };
  const db = await getDb();
  if (decision === 'convert') {
    const agreed = await db.transaction(async (tx) => {
      // Locked and read again: of two answers at once (a double click) only one is logged and booked.
      const current = await lockSubscription(tx, subscription.id);
      if (!current?.cancelAtPeriodEnd || !inTrial(current)) return undefined;
      const row = await updateSubscription(
        subscription.id,
        { ...resumed(), trialDecision: 'convert', trialDecidedAt: now },
        ['active'],
        tx,
      );
      if (!row) return undefined;
      await recordConsent(log, tx);
      // The ending's mail planned at the trial's start is void now (a later cancel plans it anew).
      await tx
        .update(mailOutbox)
        .set({ status: 'skipped' })
        .where(
          and(
            eq(mailOutbox.kind, 'subscription_ended'),
            eq(mailOutbox.subject, subscription.id),
            eq(mailOutbox.status, 'pending'),
          ),
        );
      return row;
    });
    // Booked after the commit, as every booking is; reconciliation books it if this fails.
    if (agreed) await bookRenewal(agreed);
    return;
  }
  // The flag first: a renewal settled in between books nothing further; then the booking goes.
  const ending = await db.transaction(async (tx) => {
    const current = await lockSubscription(tx, subscription.id);
    if (!current || (current.cancelAtPeriodEnd && current.trialDecision === 'end') || !inTrial(current))
      return undefined;
    return updateSubscription(
      subscription.id,
      { ...stopping('trial_not_converted'), trialDecision: 'end', trialDecidedAt: now },
      ['active'],
      tx,
    );
  });
  if (!ending) return;
  const open = await openChargeOf(subscription.id);
  try {
    if (open) await withdrawOpenCharge(open);
  } catch (error) {
    await updateSubscription(subscription.id, {
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      endReason: subscription.endReason,
      trialDecision: subscription.trialDecision,
      trialDecidedAt: subscription.trialDecidedAt,
    });
    throw error;
  }
  await db.transaction(async (tx) => {
    await recordConsent(log, tx);
    await enqueueMail(tx, subscriptionEnded(ending, endsAt), { replan: true });
  });
}
