import { AuditList } from '@/components/ops/audit-list';
import { ConsolePage, consolePageMetadata } from '@/components/ops/console-page';

export const metadata = consolePageMetadata('audit');

export default function OpsAuditListPage() {
  return (
    <ConsolePage section="audit">
      <AuditList />
    </ConsolePage>
  );
}
