import 'server-only';
import type { User } from '@/lib/accounts';
import { cardLabel, findChargeableCard } from '@/lib/cards';
import { meansTerm } from '@/lib/cards/client';
import { openConsent, sealConsent, sha256 } from '@/lib/consents';
import { iamport } from '@/lib/iamport';
import type { SubscriptionOffer } from '@/lib/subscriptions/subscription-view';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { periodEnd } from './periods';
import { findOfferedPlan } from './plans';
import { amountAt } from './prices';
import { refuseSubscription } from './refusals';
import { trialAvailable } from './trial';

/** The version of the recurring-payment terms below; a change of wording is a new version. */
// v2 (issue 25.4): a goods plan's cancel line says a shipped period is not refunded.
// v3 (issue 32.8, 33.1): a paid period's box ships whatever is cancelled; a trial of goods ships a trial box.
// v4 (issue 33): a free trial turns paid only with a consent asked separately before its end.
export const SUBSCRIPTION_TERMS_VERSION = 'recurring-payment-2026-12-v4';
/** How long a page may wait between showing the terms and the customer agreeing (service clock). */
const OFFER_SECONDS = 30 * 60;

interface Sealed {
  kind: 'subscription';
  user: string;
  plan: string;
  card: string;
  amount: number;
  cycle: string;
  hash: string;
  /** The terms said the first charge comes after a free trial (nothing charged now). */
  trial: boolean;
  expires: number;
}

/**
 * What subscribing means, as the customer must see it before agreeing (여신전문금융업감독규정,
 * 전자상거래법 시행령): plan, amount, cycle, the first charge now, the next charge's date, the card,
 * how to cancel. The lines are rendered here and shown verbatim; their hash is sealed in a token.
 */
export async function subscriptionOffer(user: User, planId: string, cardId?: string): Promise<SubscriptionOffer> {
  const plan = findOfferedPlan(planId);
  if (!plan) throw refuseSubscription('unknown_plan');
  const card = await findChargeableCard(user.id, cardId);
  if (!card) throw refuseSubscription(cardId ? 'card_not_found' : 'no_card');
  const now = await iamport().serviceNow();
  const amount = await amountAt(plan, now);
  const trial = await trialAvailable(user, plan);
  const trialDays = trial ? (plan.trialDays ?? 0) : 0;
  const nextChargeAt = trial ? now + trialDays * 86_400 : periodEnd(now, plan.period);
  const label = cardLabel(card);
  const text = [
    `요금제: ${plan.name}`,
    `결제 금액: ${formatWon(amount)}`,
    `결제 주기: ${plan.periodLabel}마다 자동 결제`,
    trial
      ? `첫 결제: 지금은 결제되지 않습니다. ${trialDays}일 무료 체험 중에 유료 전환 여부를 따로 여쭙고, 동의하신 경우에만 체험이 끝나는 ${formatDateTime(nextChargeAt)}에 ${formatWon(amount)}이 결제됩니다. 동의하지 않으면 체험이 끝날 때 결제 없이 종료됩니다. 체험 종료 7일 전에 메일로 알려 드립니다.`
      : `첫 결제: 동의 즉시 ${formatWon(amount)}이 결제됩니다.`,
    trial
      ? `다음 결제일: 유료 전환에 동의하시면 ${formatDateTime(nextChargeAt)} (이후 ${plan.periodLabel}마다)`
      : `다음 결제일: ${formatDateTime(nextChargeAt)} (이후 ${plan.periodLabel}마다)`,
    `${meansTerm(card.method)}: ${label}`,
    ...(trial && plan.kind === 'goods'
      ? [
          `체험 상자: 무료 체험을 시작하면 ${plan.name} 체험 상자를 0원에 바로 보내 드립니다. 체험 중 해지해도 그대로 보내 드립니다.`,
        ]
      : []),
    plan.kind === 'goods'
      ? '해지 방법: 내 계정 > 정기구독에서 언제든 해지할 수 있습니다. 이용 기간이 끝날 때 해지하거나 지금 해지할 수 있습니다. 결제된 회차마다 상자를 하나씩 보내 드리며, 해지해도 결제된 회차의 상자는 그대로 보내 드리고 그 회차는 환불되지 않습니다.'
      : '해지 방법: 내 계정 > 정기구독에서 언제든 해지할 수 있습니다. 이용 기간이 끝날 때 해지하거나, 지금 해지하고 남은 기간만큼 환불받을 수 있습니다.',
    '정기결제(자동결제)에 동의합니다',
  ];
  const hash = sha256([SUBSCRIPTION_TERMS_VERSION, ...text].join('\n'));
  const sealed: Sealed = {
    kind: 'subscription',
    user: user.id,
    plan: plan.id,
    card: card.id,
    amount,
    cycle: plan.periodLabel,
    hash,
    trial,
    expires: now + OFFER_SECONDS,
  };
  return {
    planId: plan.id,
    planName: plan.name,
    amount,
    cycleLabel: plan.periodLabel,
    cardId: card.id,
    cardLabel: label,
    nextChargeAt,
    version: SUBSCRIPTION_TERMS_VERSION,
    text,
    textSha256: hash,
    consentToken: sealConsent(sealed),
  };
}

/**
 * The consent a subscribe request carries, checked against what is about to be charged: the
 * token must be this server's, for this user, plan, card and amount, and still fresh. Answers
 * what the log keeps; refuses with `consent_required` (none, or not agreed) or `consent_outdated`.
 */
export function acceptedOffer(
  consent: unknown,
  expected: { userId: string; planId: string; cardId: string; amount: number; trial: boolean; now: number },
): { textSha256: string; cycle: string } {
  const given = consent as { agreed?: unknown; token?: unknown } | null | undefined;
  if (given?.agreed !== true || typeof given.token !== 'string') throw refuseSubscription('consent_required');
  const sealed = openConsent<Sealed>(given.token);
  if (sealed?.kind !== 'subscription' || sealed.user !== expected.userId) throw refuseSubscription('consent_required');
  const same =
    sealed.plan === expected.planId &&
    sealed.card === expected.cardId &&
    sealed.amount === expected.amount &&
    sealed.trial === expected.trial;
  if (!same || sealed.expires < expected.now) throw refuseSubscription('consent_outdated');
  return { textSha256: sealed.hash, cycle: sealed.cycle };
}
