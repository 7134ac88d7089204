import type { Metadata } from 'next';
import { ConsolePage } from '@/components/ops/console-page';
import { OrderQueue } from '@/components/ops/order-queue';

const title = '주문·배송';
export const metadata: Metadata = { title };

export default function OpsOrdersPage() {
  return <ConsolePage title={title} list={<OrderQueue />} />;
}
