import type { Metadata } from 'next';
import { SubscriptionsManager } from '@/components/subscriptions/subscriptions-manager';
import { requireUser } from '@/lib/accounts/current-user';
import { listPlans, toPlan } from '@/lib/subscriptions/plans';

export const metadata: Metadata = { title: '정기구독' };

export default async function SubscriptionsPage() {
  await requireUser('/account/subscriptions');
  return (
    <section className="narrow">
      <h1>정기구독</h1>
      <p className="lead">첫 달은 바로 결제되고, 다음 결제는 이용 기간이 끝날 때 자동으로 진행됩니다.</p>
      <SubscriptionsManager plans={listPlans().map(toPlan)} />
    </section>
  );
}
