import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';
import { OperatorsView } from '@/components/ops/operators-view';

export const metadata = consolePageMetadata('operators');

export default function OpsOperatorsViewPage() {
  return (
    <ConsolePage section="operators">
      <OperatorsView />
    </ConsolePage>
  );
}
