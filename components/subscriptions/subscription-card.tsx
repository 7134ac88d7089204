'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { LazyConfirmDialog } from '@/components/ui/lazy-confirm-dialog';
import { Select } from '@/components/ui/select';
import { useAction } from '@/components/ui/use-action';
import { type CardSummary, cardOptionLabel } from '@/lib/shared/cards';
import { formatDate, formatDateTime, formatWon } from '@/lib/shared/format';
import { type SubscriptionSummary, subscriptionStatusLabel } from '@/lib/shared/subscriptions';
import { ChargeHistory } from './charge-history';

interface Props {
  subscription: SubscriptionSummary;
  cards: CardSummary[];
  onCancel(id: string): Promise<unknown>;
  onResume(id: string): Promise<unknown>;
  onChangeCard(id: string, cardId: string): Promise<unknown>;
}

/** One subscription: status, period, next charge, card, history, and what the customer can do. */
export function SubscriptionCard({ subscription: s, cards, onCancel, onResume, onChangeCard }: Props) {
  const { pending, error, run: runAction } = useAction();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const live = s.status === 'active' || s.status === 'past_due';
  const otherCards = cards.filter((card) => card.id !== s.card.id);

  async function run(action: () => Promise<unknown>) {
    await runAction(action);
    setConfirmingCancel(false);
  }

  return (
    <article className="panel" aria-labelledby={`subscription-${s.id}`}>
      <h3 id={`subscription-${s.id}`}>
        {s.planName} <span className={`badge badge-${s.status}`}>{subscriptionStatusLabel[s.status]}</span>
      </h3>
      <dl className="facts">
        <dt>요금</dt>
        <dd>{formatWon(s.amount)}</dd>
        {s.currentPeriodStart !== null && s.currentPeriodEnd !== null && (
          <>
            <dt>이용 기간</dt>
            <dd>
              {formatDateTime(s.currentPeriodStart)} ~ {formatDateTime(s.currentPeriodEnd)}
            </dd>
          </>
        )}
        <dt>다음 결제</dt>
        <dd>
          {s.nextCharge
            ? `${formatDateTime(s.nextCharge.at)} · ${formatWon(s.nextCharge.amount)}${s.nextCharge.kind === 'retry' ? ` (재시도 ${s.nextCharge.attempt}회차)` : ''}`
            : '없음'}
        </dd>
        <dt>결제 카드</dt>
        <dd>{s.card.label}</dd>
      </dl>
      {s.status === 'past_due' && (
        <Alert>
          정기결제가 실패했습니다. 다음 재시도까지 서비스는 계속 이용할 수 있습니다. 카드를 바꾸면 재시도가 새 카드로
          진행됩니다.
        </Alert>
      )}
      {s.status === 'active' && s.cancelAtPeriodEnd && s.currentPeriodEnd !== null && (
        <Alert tone="info">
          해지 예약됨: {formatDate(s.currentPeriodEnd)}까지 이용할 수 있고, 이후 결제되지 않습니다.
        </Alert>
      )}
      {s.status === 'cancelled' && (
        <Alert tone="info">
          {s.endReason === 'payment_failed' ? '결제가 계속 실패해 구독이 종료되었습니다.' : '해지된 구독입니다.'}
        </Alert>
      )}
      {s.status === 'incomplete' && <p aria-busy="true">첫 결제 결과를 확인하고 있습니다…</p>}
      {error && <Alert>{error}</Alert>}
      {live && (
        <div className="card-actions">
          {s.cancelAtPeriodEnd ? (
            <button type="button" className="button" disabled={pending} onClick={() => run(() => onResume(s.id))}>
              해지 취소
            </button>
          ) : (
            <button type="button" className="button button-secondary" onClick={() => setConfirmingCancel(true)}>
              구독 해지
            </button>
          )}
          {otherCards.length > 0 && (
            <Select
              name={`card-${s.id}`}
              label="결제 카드 변경"
              value=""
              placeholder="카드 선택"
              disabled={pending}
              options={otherCards.map((card) => cardOptionLabel(card))}
              onValueChange={(cardId) => cardId && void run(() => onChangeCard(s.id, cardId))}
            />
          )}
        </div>
      )}
      {confirmingCancel && (
        <LazyConfirmDialog
          open={confirmingCancel}
          onOpenChange={setConfirmingCancel}
          title={s.status === 'past_due' ? '지금 구독을 종료할까요?' : '이용 기간이 끝나면 구독을 종료할까요?'}
          description={
            <p className="m-0">
              {s.status === 'past_due'
                ? '밀린 결제는 더 시도하지 않고 구독이 바로 끝납니다.'
                : '이미 결제한 이용 기간까지는 계속 이용할 수 있고, 다음 결제는 이루어지지 않습니다.'}
            </p>
          }
          confirmLabel="해지하기"
          cancelLabel="닫기"
          destructive
          pending={pending}
          onConfirm={() => run(() => onCancel(s.id))}
        />
      )}
      <ChargeHistory charges={s.charges} />
    </article>
  );
}
