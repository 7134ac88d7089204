import type { Metadata } from 'next';
import { PaymentDetailView } from '@/components/ops/payment-detail';

export const metadata: Metadata = { title: '결제 상세' };

export default async function OpsPaymentPage({ params }: { params: Promise<{ merchantUid: string }> }) {
  const { merchantUid } = await params;
  return (
    <section>
      <PaymentDetailView merchantUid={decodeURIComponent(merchantUid)} />
    </section>
  );
}
