import { formatDateTime, formatWon } from '@/lib/shared/format';
import { boxOnCancelWords } from '@/lib/shared/shipments';
import { type SubscriptionSummary, subscriptionStatusLabel, type TrialSummary } from '@/lib/shared/subscriptions';

// What a subscription's card says of itself and of what the customer just did (toasts).

/** The badge: a trial and a subscription set to end say so (the status alone would say 이용 중). */
export function badgeLabel(s: SubscriptionSummary): string {
  if (s.trial) return s.cancelAtPeriodEnd ? '무료 체험 · 종료 예정' : '무료 체험 중';
  if (s.status === 'active' && s.cancelAtPeriodEnd) return '이용 중 · 해지 예정';
  return subscriptionStatusLabel[s.status];
}

/** After cancelling now: what was refunded, or why nothing was. */
export function cancelledNowWords(s: SubscriptionSummary, refunded: number): string {
  const why =
    refunded > 0
      ? `${formatWon(refunded)}을 결제한 카드로 환불했습니다.`
      : s.trial
        ? '무료 체험이라 결제된 금액이 없습니다.'
        : s.planKind === 'goods'
          ? `${boxOnCancelWords(s.shipments?.[0])} 다음 배송과 결제는 없습니다.`
          : '환불할 남은 기간이 없습니다.';
  return `지금 해지했습니다. ${why}`;
}

/** After answering a trial's ask: what happens at its end. */
export const trialAnsweredWords = (s: SubscriptionSummary, trial: TrialSummary, decision: 'convert' | 'end') =>
  decision === 'convert'
    ? `유료 전환에 동의했습니다. ${formatDateTime(trial.endsAt)}에 ${formatWon(s.amount)}이 결제됩니다.`
    : `체험만 하고 종료합니다. ${formatDateTime(trial.endsAt)}에 결제 없이 끝납니다.`;
