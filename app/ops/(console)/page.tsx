import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';
import { PaymentSearch } from '@/components/ops/payment-search';

export const metadata = consolePageMetadata('payments');

export default function OpsHomePage() {
  return (
    <ConsolePage section="payments">
      <PaymentSearch />
    </ConsolePage>
  );
}
