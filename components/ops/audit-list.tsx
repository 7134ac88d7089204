'use client';
import { useAuditLog } from '@/lib/browser/client';
import { auditActionCodes, auditActionLabel } from '@/lib/ops/client';
import { auditTable } from './audit-table';
import { ListShell } from './list-shell';

const fields = [
  { name: 'operator', label: '운영자 이메일', type: 'email' as const },
  {
    name: 'action',
    label: '작업',
    options: auditActionCodes.map((value) => ({ value, label: auditActionLabel(value) })),
  },
  { name: 'target', label: '대상 (주문번호, 구독 ID …)' },
  { name: 'from', label: '시작일', type: 'date' as const },
  { name: 'to', label: '종료일', type: 'date' as const },
];

const table = auditTable('운영 기록');

/** /ops/audit: every operator action, newest first; the log is append-only. */
export function AuditList() {
  return <ListShell useList={useAuditLog} filters={{ label: '감사 로그 검색 조건', fields }} table={table} />;
}
