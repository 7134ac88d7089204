import type { Metadata } from 'next';
import { Suspense } from 'react';
import { OrderQueue } from '@/components/ops/order-queue';

export const metadata: Metadata = { title: '주문·배송' };

export default function OpsOrdersPage() {
  return (
    <section>
      <h1>주문·배송</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>
        <OrderQueue />
      </Suspense>
    </section>
  );
}
