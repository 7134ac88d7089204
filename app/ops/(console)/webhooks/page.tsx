import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WebhookList } from '@/components/ops/webhook-list';

export const metadata: Metadata = { title: '웹훅' };

export default function OpsWebhookListPage() {
  return (
    <section>
      <h1>웹훅</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>
        <WebhookList />
      </Suspense>
    </section>
  );
}
