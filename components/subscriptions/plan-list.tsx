'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardLabel } from '@/components/ui/card-label';
import type { SubscribeResult } from '@/lib/browser/client';
import { attemptKey, finishAttempt } from '@/lib/browser/client';
import type { Plan, SubscriptionOffer } from '@/lib/subscriptions/client';
import {
  formatDateTime,
  formatWon,
  type SavedAddress,
  type ShippingDetails,
  type ShippingField,
  shippingProblems,
} from '@/lib/values/client';
import { EMPTY_SHIPPING, ShippingFields } from './shipping-fields';
import { SubscribeConsent } from './subscribe-consent';

interface Props {
  plans: Plan[];
  /** Plans the customer already has a live subscription to. */
  subscribedPlanIds: string[];
  defaultCardLabel: string | null;
  /** The customer's saved default delivery address (the order sheet's), filled in for goods plans. */
  defaultAddress?: SavedAddress | null;
  /** The terms to agree to, rendered and sealed by the server. */
  onOffer(planId: string): Promise<SubscriptionOffer>;
  onSubscribe(
    planId: string,
    idempotencyKey: string,
    consentToken: string,
    shipping?: ShippingDetails,
  ): Promise<SubscribeResult>;
}

type State =
  | { phase: 'idle' }
  | { phase: 'loading'; planId: string }
  | { phase: 'review'; planId: string; offer: SubscriptionOffer }
  | { phase: 'busy'; planId: string; offer: SubscriptionOffer }
  | { phase: 'done'; planId: string; result: SubscribeResult }
  | { phase: 'error'; planId: string; message: string };

/**
 * The plans on offer. Subscribing first shows the terms (plan, amount, cycle, first charge now,
 * next charge date, card, how to cancel) and asks for consent; then the first period is charged.
 */
export function PlanList({ plans, subscribedPlanIds, defaultCardLabel, defaultAddress, onOffer, onSubscribe }: Props) {
  const [state, setState] = useState<State>({ phase: 'idle' });
  const [shipping, setShipping] = useState<ShippingDetails>({ ...EMPTY_SHIPPING, ...defaultAddress });
  const [shippingErrors, setShippingErrors] = useState<Partial<Record<ShippingField, string>>>({});

  async function review(planId: string) {
    setState({ phase: 'loading', planId });
    try {
      setState({ phase: 'review', planId, offer: await onOffer(planId) });
    } catch (error) {
      setState({
        phase: 'error',
        planId,
        message: error instanceof Error ? error.message : '안내를 불러오지 못했습니다.',
      });
    }
  }

  async function subscribe(plan: Plan, offer: SubscriptionOffer) {
    const planId = plan.id;
    // Goods are delivered: the address is checked here first (the server checks again, 400 without one).
    if (plan.kind === 'goods') {
      const problems = shippingProblems(shipping);
      setShippingErrors(problems);
      if (Object.keys(problems).length > 0) return;
    }
    const scope = `subscribe:${planId}`;
    setState({ phase: 'busy', planId, offer });
    try {
      const result = await onSubscribe(
        planId,
        attemptKey(scope),
        offer.consentToken,
        plan.kind === 'goods' ? shipping : undefined,
      );
      if (result.status !== 'incomplete') finishAttempt(scope);
      setState({ phase: 'done', planId, result });
    } catch (error) {
      setState({ phase: 'error', planId, message: error instanceof Error ? error.message : '구독하지 못했습니다.' });
    }
  }

  return (
    <div className="stack">
      {defaultCardLabel ? (
        <p>
          첫 결제와 이후 정기결제는 기본 카드{' '}
          <strong>
            <CardLabel label={defaultCardLabel} />
          </strong>
          로 진행됩니다.
        </p>
      ) : (
        <p>
          구독하려면 먼저 <Link href="/account/cards">카드를 등록</Link>해 주세요.
        </p>
      )}
      <ul className="card-list" aria-label="요금제 목록">
        {plans.map((plan) => {
          const subscribed = subscribedPlanIds.includes(plan.id);
          const mine = state.phase !== 'idle' && state.planId === plan.id ? state : undefined;
          return (
            <li key={plan.id} className="card-item" aria-label={plan.name}>
              <div className="card-item-head">
                <strong>{plan.name}</strong> <PlanPrice plan={plan} />
              </div>
              <p className="field-hint">{plan.description}</p>
              {plan.kind === 'goods' && (
                <p className="field-hint">
                  배송 상품: 결제된 회차마다 상자를 하나씩 보내 드립니다. 해지해도 결제된 회차의 상자는 그대로 보내
                  드리며, 그 회차는 환불되지 않습니다.
                </p>
              )}
              {plan.trialDays ? (
                <p className="field-hint">
                  첫 구독 시 {plan.trialDays}일 무료 체험 (1인 1회).
                  {plan.kind === 'goods' && ' 체험을 시작하면 체험 상자를 무료(0원)로 바로 보내 드립니다.'} 체험 중에
                  유료 전환 여부를 따로 여쭙고, 동의하신 경우에만 체험이 끝날 때 결제됩니다. 동의하지 않으면 결제 없이
                  끝납니다.
                </p>
              ) : null}
              {mine?.phase === 'loading' && <p role="status">결제 조건을 불러오고 있습니다…</p>}
              {mine?.phase === 'error' && <Alert>{mine.message}</Alert>}
              {mine?.phase === 'done' && <SubscribeOutcome result={mine.result} goods={plan.kind === 'goods'} />}
              {plan.kind === 'goods' && (mine?.phase === 'review' || mine?.phase === 'busy') && (
                <ShippingFields
                  legend="배송지 (매 회차 이 주소로 보내 드립니다)"
                  values={shipping}
                  onChange={(values) => {
                    // A message stays only until the customer edits again (checked anew on confirm).
                    setShipping(values);
                    setShippingErrors({});
                  }}
                  errors={shippingErrors}
                  disabled={mine.phase === 'busy'}
                />
              )}
              {(mine?.phase === 'review' || mine?.phase === 'busy') && (
                <SubscribeConsent
                  offer={mine.offer}
                  busy={mine.phase === 'busy'}
                  onConfirm={() => subscribe(plan, mine.offer)}
                  onClose={() => setState({ phase: 'idle' })}
                />
              )}
              {mine?.phase !== 'review' && mine?.phase !== 'busy' && (
                <Button
                  disabled={subscribed || !defaultCardLabel || state.phase === 'busy' || state.phase === 'loading'}
                  onClick={() => review(plan.id)}
                >
                  {subscribed ? '이용 중' : '구독하기'}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function SubscribeOutcome({ result, goods }: { result: SubscribeResult; goods: boolean }) {
  if (result.status === 'active' && result.trialEndsAt)
    return (
      <Alert tone="success">
        무료 체험이 시작되었습니다. {formatDateTime(result.trialEndsAt)}까지는 결제되지 않으며, 유료 전환은 따로
        동의하신 경우에만 진행됩니다.
        {goods && ' 체험 상자를 무료로 보내 드리며, 발송되면 운송장 번호를 메일로 알려 드립니다.'}
      </Alert>
    );
  if (result.status === 'active')
    return <Alert tone="success">구독이 시작되었습니다. 다음 결제일은 아래에서 확인할 수 있습니다.</Alert>;
  if (result.status === 'incomplete')
    return <Alert tone="info">첫 결제 결과를 확인하고 있습니다. 중복 결제는 일어나지 않습니다.</Alert>;
  return <Alert>첫 결제가 실패해 구독이 시작되지 않았습니다. {result.reason}</Alert>;
}

/** What a period costs in all (goods ship at no extra charge), and a free trial first where there is one. */
function PlanPrice({ plan }: { plan: Plan }) {
  return (
    <span>
      {plan.trialDays ? `${plan.trialDays}일 무료 체험 후 ` : ''}
      <span className="price">
        {formatWon(plan.price)} / {plan.periodLabel}
      </span>
      {plan.kind === 'goods' && ' (배송비 포함)'}
    </span>
  );
}
