import type { Metadata } from 'next';
import { ConsolePage } from '@/components/ops/console-page';
import { OperatorsView } from '@/components/ops/operators-view';

const title = '운영자';
export const metadata: Metadata = { title };

export default function OpsOperatorsViewPage() {
  return <ConsolePage title={title} list={<OperatorsView />} />;
}
