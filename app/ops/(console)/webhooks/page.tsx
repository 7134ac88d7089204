import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';
import { WebhookList } from '@/components/ops/webhook-list';

export const metadata = consolePageMetadata('webhooks');

export default function OpsWebhookListPage() {
  return (
    <ConsolePage section="webhooks">
      <WebhookList />
    </ConsolePage>
  );
}
