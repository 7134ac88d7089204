import type { Metadata } from 'next';
import { ConsolePage } from '@/components/ops/console-page';
import { SubscriptionList } from '@/components/ops/subscription-list';

const title = '구독';
export const metadata: Metadata = { title };

export default function OpsSubscriptionListPage() {
  return <ConsolePage title={title} list={<SubscriptionList />} />;
}
