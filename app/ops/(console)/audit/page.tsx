import type { Metadata } from 'next';
import { AuditList } from '@/components/ops/audit-list';
import { ConsolePage } from '@/components/ops/console-page';

const title = '감사 로그';
export const metadata: Metadata = { title };

export default function OpsAuditListPage() {
  return <ConsolePage title={title} list={<AuditList />} />;
}
