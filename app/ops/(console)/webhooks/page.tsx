import type { Metadata } from 'next';
import { ConsolePage } from '@/components/ops/console-page';
import { WebhookList } from '@/components/ops/webhook-list';

const title = '웹훅';
export const metadata: Metadata = { title };

export default function OpsWebhookListPage() {
  return <ConsolePage title={title} list={<WebhookList />} />;
}
