import type { Metadata } from 'next';
import { ConsolePage } from '@/components/ops/console-page';
import { PaymentSearch } from '@/components/ops/payment-search';

const title = '결제 검색';
export const metadata: Metadata = { title };

export default function OpsHomePage() {
  return <ConsolePage title={title} list={<PaymentSearch />} />;
}
