'use client';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { boxOnCancelWords } from '@/lib/orders/client';
import type { CancelNowQuote, SubscriptionSummary } from '@/lib/subscriptions/client';
import { formatDate, formatDateTime, formatWon } from '@/lib/values/client';

export type CancelWay = 'end' | 'now';

interface Props {
  subscription: SubscriptionSummary;
  /** The way being sent, if any: its button says so, every button waits. */
  running?: CancelWay;
  onAtPeriodEnd(): void;
  onNow(): void;
  quote(id: string): Promise<CancelNowQuote>;
  onClose(): void;
}

const unitLabel = (quote: CancelNowQuote) =>
  quote.unit === 'day'
    ? `남은 ${quote.unused}일 / 전체 ${quote.total}일`
    : `남은 ${quote.unused}초 / 전체 ${quote.total}초`;

/**
 * The one confirmation of cancelling, with its ways side by side and equal (issue 33: cancelling is
 * no harder than subscribing, and no answer is pushed): at the end of the paid period, now (the
 * refund shown from the server's quote first; a goods plan's paid period is not refunded and its box
 * ships anyway — the dialog says where the box is), or keep
 * it. A free trial ends with nothing to refund; in dunning it ends now.
 */
export function CancelChoices({ subscription: s, running, onAtPeriodEnd, onNow, quote, onClose }: Props) {
  const [offer, setOffer] = useState<CancelNowQuote | { error: string }>();
  const trial = s.trial;
  const quoted = !trial && s.status !== 'past_due';
  useEffect(() => {
    if (!quoted) return;
    let current = true;
    quote(s.id).then(
      (answer) => current && setOffer(answer),
      (error: unknown) =>
        current && setOffer({ error: error instanceof Error ? error.message : '환불 금액을 불러오지 못했습니다.' }),
    );
    return () => {
      current = false;
    };
  }, [quote, s.id, quoted]);

  const busy = running !== undefined;
  const way = (which: CancelWay, label: string, onClick: () => void, disabled = false) => (
    <Button
      variant="choice"
      disabled={busy || disabled}
      pending={running === which}
      pendingLabel="처리 중…"
      onClick={onClick}
    >
      {label}
    </Button>
  );
  const keep = (
    <Button variant="choice" disabled={busy} onClick={onClose}>
      계속 이용하기
    </Button>
  );

  if (trial) {
    return (
      <fieldset className="consent-box" aria-label="구독 해지">
        <p>무료 체험을 끝낼까요? 결제된 금액이 없어 어느 쪽이든 요금도 환불도 없습니다.</p>
        <ul className="consent-terms">
          <li>체험 끝에 종료: {formatDateTime(trial.endsAt)}까지 체험하고, 결제 없이 끝납니다.</li>
          <li>지금 종료: 체험이 바로 끝납니다.</li>
        </ul>
        <div className="choice-row">
          {way('end', '체험 끝에 종료', onAtPeriodEnd)}
          {way('now', '지금 종료', onNow)}
          {keep}
        </div>
      </fieldset>
    );
  }
  if (s.status === 'past_due') {
    return (
      <fieldset className="consent-box" aria-label="구독 해지">
        <p>지금 구독을 종료할까요? 실패한 결제는 다시 시도하지 않습니다.</p>
        <div className="choice-row">
          {way('end', '지금 해지하기', onAtPeriodEnd)}
          {keep}
        </div>
      </fieldset>
    );
  }
  const ready = offer !== undefined && !('error' in offer);
  return (
    <fieldset className="consent-box" aria-label="구독 해지">
      <ul className="consent-terms">
        <li>
          이용 기간 끝에 해지:{' '}
          {s.currentPeriodEnd !== null &&
            `${formatDate(s.currentPeriodEnd)}까지 이용할 수 있고, 이후 결제되지 않습니다.`}
        </li>
        <li>
          지금 해지: {offer === undefined && <span aria-busy="true">환불 금액을 계산하고 있습니다…</span>}
          {ready && offer.shipped && (
            <span role="status">
              <strong>환불 {formatWon(offer.refund)}</strong>: {boxOnCancelWords(offer.box)} 이번 회차로 구독이 끝나고,
              다음 배송과 결제는 없습니다.
            </span>
          )}
          {ready && !offer.shipped && (
            <span role="status">
              바로 이용이 끝나고 <strong>{formatWon(offer.refund)}</strong>을 환불합니다 ({unitLabel(offer)}, 결제 금액{' '}
              {formatWon(offer.paid)}에서 원 단위 내림).
            </span>
          )}
        </li>
      </ul>
      {offer && 'error' in offer && <Alert>{offer.error}</Alert>}
      <div className="choice-row">
        {way('end', '기간 끝에 해지하기', onAtPeriodEnd)}
        {way('now', '지금 해지하기', onNow, !ready)}
        {keep}
      </div>
    </fieldset>
  );
}
