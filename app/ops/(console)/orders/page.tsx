import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';
import { OrderQueue } from '@/components/ops/order-queue';

export const metadata = consolePageMetadata('orders');

export default function OpsOrdersPage() {
  return (
    <ConsolePage section="orders">
      <OrderQueue />
    </ConsolePage>
  );
}
