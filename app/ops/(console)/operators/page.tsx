import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OperatorsView } from '@/components/ops/operators-view';

export const metadata: Metadata = { title: '운영자' };

export default function OpsOperatorsViewPage() {
  return (
    <section>
      <h1>운영자</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>
        <OperatorsView />
      </Suspense>
    </section>
  );
}
