import type { Metadata } from 'next';
import { ConsolePage } from '@/components/ops/console-page';
import { ReconciliationView } from '@/components/ops/reconciliation-view';

const title = '대사';
export const metadata: Metadata = { title };

export default function OpsReconciliationViewPage() {
  return <ConsolePage title={title} list={<ReconciliationView />} />;
}
