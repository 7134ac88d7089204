import type { Metadata } from 'next';
import { Suspense } from 'react';
import { PaymentSearch } from '@/components/ops/payment-search';

export const metadata: Metadata = { title: '결제 검색' };

export default function OpsHomePage() {
  return (
    <section>
      <h1>결제 검색</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>
        <PaymentSearch />
      </Suspense>
    </section>
  );
}
