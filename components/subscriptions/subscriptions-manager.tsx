'use client';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { useCards, useSubscriptions } from '@/lib/browser/client';
import { meansName } from '@/lib/cards/client';
import type { Plan } from '@/lib/subscriptions/client';
import type { SavedAddress } from '@/lib/values/client';
import { PlanList } from './plan-list';
import { SubscriptionCard } from './subscription-card';

/**
 * /account/subscriptions: the customer's subscriptions and the plans to start one (with `aside`
 * under them): one column on a phone, two from 1024px.
 */
export function SubscriptionsManager({
  plans,
  defaultAddress,
  aside,
}: {
  plans: Plan[];
  /** The order sheet's saved default address, filled in when subscribing to goods. */
  defaultAddress?: SavedAddress | null;
  aside?: ReactNode;
}) {
  const { subscriptions, error, isLoading, ...actions } = useSubscriptions();
  const { cards } = useCards();
  const defaultCard = cards?.find((card) => card.isDefault);
  const live = subscriptions?.filter((s) => ['incomplete', 'active', 'past_due'].includes(s.status)) ?? [];
  return (
    <div className="two-column">
      <section aria-labelledby="my-subscriptions-heading">
        <h2 id="my-subscriptions-heading">내 구독</h2>
        {isLoading && <p aria-busy="true">불러오는 중…</p>}
        {error && <Alert>{error.message}</Alert>}
        {subscriptions?.length === 0 && <p>이용 중인 구독이 없습니다.</p>}
        {subscriptions?.map((subscription) => (
          <SubscriptionCard
            key={subscription.id}
            subscription={subscription}
            cards={cards ?? []}
            onCancel={actions.cancel}
            onDecideTrial={actions.decideTrial}
            onQuoteCancelNow={actions.quoteCancelNow}
            onCancelNow={actions.cancelNow}
            onResume={actions.resume}
            onChangeCard={actions.changeCard}
            onChangeShipping={actions.changeShipping}
          />
        ))}
      </section>
      <div>
        <Panel aria-labelledby="plans-heading">
          <h2 id="plans-heading">요금제</h2>
          <PlanList
            plans={plans}
            subscribedPlanIds={live.map((s) => s.planId)}
            defaultCardLabel={defaultCard ? meansName(defaultCard) : null}
            onOffer={actions.offer}
            defaultAddress={defaultAddress}
            onSubscribe={actions.subscribe}
          />
        </Panel>
        {aside}
      </div>
    </div>
  );
}
