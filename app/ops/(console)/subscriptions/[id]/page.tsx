import type { Metadata } from 'next';
import { SubscriptionDetailView } from '@/components/ops/subscription-detail';

export const metadata: Metadata = { title: '구독 상세' };

export default async function OpsSubscriptionPage({ params }: { params: Promise<{ id: string }> }) {
  return (
    <section>
      <SubscriptionDetailView id={(await params).id} />
    </section>
  );
}
