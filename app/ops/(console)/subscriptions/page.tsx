import type { Metadata } from 'next';
import { Suspense } from 'react';
import { SubscriptionList } from '@/components/ops/subscription-list';

export const metadata: Metadata = { title: '구독' };

export default function OpsSubscriptionListPage() {
  return (
    <section>
      <h1>구독</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>
        <SubscriptionList />
      </Suspense>
    </section>
  );
}
