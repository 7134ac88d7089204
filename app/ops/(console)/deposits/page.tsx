import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';
import { DepositQueue } from '@/components/ops/deposit-queue';

export const metadata = consolePageMetadata('deposits');

export default function OpsDepositsPage() {
  return (
    <ConsolePage section="deposits">
      <DepositQueue />
    </ConsolePage>
  );
}
