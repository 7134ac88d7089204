'use client';
import { useAuditLog, useUrlFilters } from '@/lib/browser/client';
import { auditActionCodes, auditActionLabel } from '@/lib/ops/client';
import { AuditTable } from './audit-table';
import { PagedResults } from './data-table';
import { FilterForm } from './filter-form';

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

/** /ops/audit: every operator action, newest first; the log is append-only. */
export function AuditList() {
  const { filters, query, setFilters, setPage } = useUrlFilters();
  const log = useAuditLog(query);
  return (
    <>
      <FilterForm label="감사 로그 검색 조건" fields={fields} values={filters} onSubmit={setFilters} />
      <PagedResults result={log} onPage={setPage}>
        {({ rows }) => <AuditTable rows={rows} caption="운영 기록" />}
      </PagedResults>
    </>
  );
}
