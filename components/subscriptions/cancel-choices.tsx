'use client';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatDate, formatWon } from '@/lib/shared/format';
import { boxOnCancelWords } from '@/lib/shared/shipments';
import type { CancelNowQuote, SubscriptionSummary } from '@/lib/shared/subscriptions';

interface Props {
  subscription: SubscriptionSummary;
  pending: boolean;
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
 * The two ways to cancel: at the end of the paid period, or now with the unused part refunded —
 * the refund shown (from the server's quote) before the customer confirms. A goods plan's running
 * period is not refunded and its box ships anyway: the dialog says so, and where the box is.
 */
export function CancelChoices({ subscription: s, pending, onAtPeriodEnd, onNow, quote, onClose }: Props) {
  const [offer, setOffer] = useState<CancelNowQuote | { error: string }>();
  useEffect(() => {
    let current = true;
    quote(s.id).then(
      (answer) => current && setOffer(answer),
      (error: unknown) =>
        current && setOffer({ error: error instanceof Error ? error.message : '환불 금액을 불러오지 못했습니다.' }),
    );
    return () => {
      current = false;
    };
  }, [quote, s.id]);

  if (s.status === 'past_due') {
    return (
      <fieldset className="consent-box" aria-label="구독 해지">
        <p>지금 구독을 종료할까요?</p>
        <div className="button-row">
          <Button disabled={pending} onClick={onAtPeriodEnd}>
            {pending ? '처리 중…' : '해지하기'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            닫기
          </Button>
        </div>
      </fieldset>
    );
  }
  return (
    <fieldset className="consent-box" aria-label="구독 해지">
      <h4>이용 기간 끝에 해지</h4>
      <p>
        이용 기간이 끝나면 구독을 종료할까요?{' '}
        {s.currentPeriodEnd !== null && `${formatDate(s.currentPeriodEnd)}까지 이용할 수 있고, 이후 결제되지 않습니다.`}
      </p>
      <Button disabled={pending} onClick={onAtPeriodEnd}>
        기간 끝에 해지하기
      </Button>
      <h4>{s.planKind === 'goods' ? '지금 해지' : '지금 해지하고 환불받기'}</h4>
      {offer === undefined && <p aria-busy="true">환불 금액을 계산하고 있습니다…</p>}
      {offer && 'error' in offer && <Alert>{offer.error}</Alert>}
      {offer && !('error' in offer) && offer.shipped && (
        <p role="status">
          <strong>환불 {formatWon(offer.refund)}</strong>: {boxOnCancelWords(offer.box)} 지금 해지하면 이번 회차로
          구독이 끝나고, 다음 배송과 결제는 없습니다.
        </p>
      )}
      {offer && !('error' in offer) && !offer.shipped && (
        <p role="status">
          지금 이용이 끝나고 <strong>{formatWon(offer.refund)}</strong>을 환불합니다 ({unitLabel(offer)}, 결제 금액{' '}
          {formatWon(offer.paid)}에서 원 단위 내림).
        </p>
      )}
      <div className="button-row">
        <Button disabled={pending || offer === undefined || 'error' in offer} onClick={onNow}>
          {pending ? '처리 중…' : '지금 해지하기'}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          닫기
        </Button>
      </div>
    </fieldset>
  );
}
