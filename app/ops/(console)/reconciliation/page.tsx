import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';
import { ReconciliationView } from '@/components/ops/reconciliation-view';

export const metadata = consolePageMetadata('reconciliation');

export default function OpsReconciliationViewPage() {
  return (
    <ConsolePage section="reconciliation">
      <ReconciliationView />
    </ConsolePage>
  );
}
