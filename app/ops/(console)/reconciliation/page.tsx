import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ReconciliationView } from '@/components/ops/reconciliation-view';

export const metadata: Metadata = { title: '대사' };

export default function OpsReconciliationViewPage() {
  return (
    <section>
      <h1>대사</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>
        <ReconciliationView />
      </Suspense>
    </section>
  );
}
