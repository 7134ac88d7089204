'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CardLabel } from '@/components/ui/card-label';
import { Panel } from '@/components/ui/panel';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toaster';
import { useRequest } from '@/components/ui/use-request';
import { type CardSummary, cardOptionLabel, meansTerm } from '@/lib/cards/client';
import { type CancelNowQuote, endReasonLabel, type SubscriptionSummary } from '@/lib/subscriptions/client';
import type { ShippingDetails } from '@/lib/values/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { CancelChoices, type CancelWay } from './cancel-choices';
import { ChargeHistory } from './charge-history';
import { SubscriptionBoxes } from './subscription-boxes';
import { SubscriptionShipping } from './subscription-shipping';
import { badgeLabel, cancelledNowWords, stoppingWords, trialAnsweredWords } from './subscription-words';
import { TrialConsent, type TrialDecision } from './trial-consent';

interface Props {
  subscription: SubscriptionSummary;
  cards: CardSummary[];
  onCancel(id: string): Promise<unknown>;
  /** A free trial's answer: 유료 전환에 동의 (`convert`) or 체험만 하고 종료 (`end`). */
  onDecideTrial(id: string, decision: TrialDecision, textSha256: string): Promise<unknown>;
  onQuoteCancelNow(id: string): Promise<CancelNowQuote>;
  /** Answers the amount refunded. */
  onCancelNow(id: string): Promise<number>;
  onResume(id: string): Promise<unknown>;
  onChangeCard(id: string, cardId: string): Promise<unknown>;
  onChangeShipping(id: string, shipping: ShippingDetails): Promise<unknown>;
}

/** One subscription: status, period, next charge, card, history, and what the customer can do. */
export function SubscriptionCard({
  subscription: s,
  cards,
  onCancel,
  onDecideTrial,
  onQuoteCancelNow,
  onCancelNow,
  onResume,
  onChangeCard,
  onChangeShipping,
}: Props) {
  const { pending, error, run: runAction } = useRequest();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  /** Which action is on its way: only its button says so (every button waits). */
  const [running, setRunning] = useState<CancelWay | TrialDecision | 'resume'>();
  const toast = useToast();
  const live = s.status === 'active' || s.status === 'past_due';
  const otherCards = cards.filter((card) => card.id !== s.card.id);
  // A wallet is named a 결제수단, not a card.
  const chargedTo = meansTerm(cards.find((card) => card.id === s.card.id)?.method ?? 'card');
  const trial = s.trial;

  /** Runs one action; its success is a toast (the card itself shows the new state), a refusal stays inline. */
  async function run(which: typeof running, action: () => Promise<unknown>, done: string | (() => string)) {
    setRunning(which);
    const ok = await runAction(action);
    setRunning(undefined);
    if (ok) toast(typeof done === 'string' ? done : done());
    setConfirmingCancel(false);
  }

  async function cancelNow() {
    let refunded = 0;
    await run(
      'now',
      async () => {
        refunded = await onCancelNow(s.id);
      },
      () => cancelledNowWords(s, refunded),
    );
  }

  const decideTrial = (decision: TrialDecision) =>
    trial &&
    run(decision, () => onDecideTrial(s.id, decision, trial.textSha256), trialAnsweredWords(s, trial, decision));
  const atPeriodEnd = () =>
    trial
      ? decideTrial('end')
      : run(
          'end',
          () => onCancel(s.id),
          s.status === 'past_due' ? '구독을 해지했습니다.' : '구독 해지를 예약했습니다.',
        );

  return (
    <Panel as="article" aria-labelledby={`subscription-${s.id}`}>
      <h3 id={`subscription-${s.id}`}>
        {s.planName} <Badge variant={s.status}>{badgeLabel(s)}</Badge>
      </h3>
      <dl className="facts">
        {s.number && (
          <>
            <dt>구독번호</dt>
            <dd className="card-number">{s.number}</dd>
          </>
        )}
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
        <dt>{chargedTo}</dt>
        <dd>
          <CardLabel label={s.card.label} />
        </dd>
      </dl>
      {s.planKind === 'goods' && s.shipping && (
        <SubscriptionShipping
          subscriptionId={s.id}
          shipping={s.shipping}
          changeable={live}
          onChange={onChangeShipping}
        />
      )}
      {s.shipments && <SubscriptionBoxes boxes={s.shipments} />}
      {trial && <TrialConsent subscription={{ ...s, trial }} running={trialRunning(running)} onDecide={decideTrial} />}
      {s.status === 'past_due' && (
        <Alert>
          정기결제가 실패했습니다. 다음 재시도까지 서비스는 계속 이용할 수 있습니다. 카드를 바꾸면 재시도가 새 카드로
          진행됩니다.
        </Alert>
      )}
      {!trial && s.status === 'active' && s.cancelAtPeriodEnd && s.currentPeriodEnd !== null && (
        <Alert tone="info">{stoppingWords(s, s.currentPeriodEnd)}</Alert>
      )}
      {s.status === 'cancelled' && <Alert tone="info">구독이 {endReasonLabel[s.endReason ?? 'customer']}</Alert>}
      {s.status === 'incomplete' && <p aria-busy="true">첫 결제 결과를 확인하고 있습니다…</p>}
      {error && <Alert>{error}</Alert>}
      {live && (
        <div className="card-actions">
          {s.cancelAtPeriodEnd && !trial ? (
            <Button
              disabled={pending}
              pending={running === 'resume'}
              pendingLabel="처리 중…"
              onClick={() => run('resume', () => onResume(s.id), '해지 예약을 취소했습니다. 구독이 계속됩니다.')}
            >
              해지 취소
            </Button>
          ) : confirmingCancel ? (
            <CancelChoices
              subscription={s}
              running={cancelRunning(running)}
              quote={onQuoteCancelNow}
              onAtPeriodEnd={atPeriodEnd}
              onNow={cancelNow}
              onClose={() => setConfirmingCancel(false)}
            />
          ) : (
            <Button variant="secondary" onClick={() => setConfirmingCancel(true)}>
              구독 해지
            </Button>
          )}
          {otherCards.length > 0 && (
            <Select
              name={`card-${s.id}`}
              label="결제 카드 변경"
              value=""
              placeholder="카드 선택"
              disabled={pending}
              options={otherCards.map((card) => cardOptionLabel(card))}
              onValueChange={(cardId) =>
                cardId && void run(undefined, () => onChangeCard(s.id, cardId), '결제 카드를 바꿨습니다.')
              }
            />
          )}
        </div>
      )}
      <ChargeHistory charges={s.charges} />
    </Panel>
  );
}

const cancelRunning = (running: string | undefined): CancelWay | undefined =>
  running === 'end' || running === 'now' ? running : undefined;
const trialRunning = (running: string | undefined): TrialDecision | undefined =>
  running === 'convert' || running === 'end' ? running : undefined;
