import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';
import { SubscriptionList } from '@/components/ops/subscription-list';

export const metadata = consolePageMetadata('subscriptions');

export default function OpsSubscriptionListPage() {
  return (
    <ConsolePage section="subscriptions">
      <SubscriptionList />
    </ConsolePage>
  );
}
