import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';
import { OwedRefundList } from '@/components/ops/owed-refund-list';

export const metadata = consolePageMetadata('owedRefunds');

export default function OpsOwedRefundsPage() {
  return (
    <ConsolePage section="owedRefunds">
      <OwedRefundList />
    </ConsolePage>
  );
}
