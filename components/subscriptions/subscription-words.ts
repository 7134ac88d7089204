import { boxOnCancelWords } from '@/lib/orders/client';
import { type SubscriptionSummary, subscriptionStatusLabel, type TrialSummary } from '@/lib/subscriptions/client';
import { formatDate, formatDateTime, formatWon } from '@/lib/values/client';

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

/**
 * A subscription set to end with its paid period (at `end`), and why. For want of a yes to a higher
 * price it says the customer did not agree only once they said no; until then, that it is waiting
 * for their answer (and when it will be asked).
 */
export function stoppingWords(s: SubscriptionSummary, end: number): string {
  const until = `${formatDate(end)}까지 이용할 수 있고, 이후 결제되지 않습니다.`;
  if (s.endReason !== 'price_declined') return `해지 예약됨: ${until}`;
  const ask = s.priceAsk;
  if (ask?.status === 'declined') return `바뀐 가격에 동의하지 않으셔서 종료 예정: ${until}`;
  const next = !ask
    ? ''
    : ask.askOpen
      ? ' 바뀐 가격에 동의하시면 구독이 이어집니다.'
      : ` 바뀐 가격에 대한 동의는 ${formatDate(ask.asksFrom)}부터 여쭙니다.`;
  return `가격 변경 동의 전이라 종료 예정: ${until}${next}`;
}
