import { formatDateTime, formatWon } from '@/lib/shared/format';
import type { AuditView } from '@/lib/shared/ops';
import { type Column, DataTable } from './data-table';

const columns: Column<AuditView>[] = [
  { header: '시각', nowrap: true, cell: (row) => formatDateTime(row.at) },
  { header: '운영자', cell: (row) => row.operatorEmail },
  { header: '작업', cell: (row) => row.action },
  {
    header: '대상',
    cell: (row) => (
      <span className="mono">
        {row.targetType} {row.targetId}
      </span>
    ),
  },
  { header: '금액', nowrap: true, cell: (row) => (row.amount === null ? '—' : formatWon(row.amount)) },
  { header: '사유 · 메모', cell: (row) => [row.reason, row.note].filter(Boolean).join(' · ') || '—' },
  { header: '결과', nowrap: true, cell: (row) => row.result },
];

/** Operators' actions: who, what, which record, amount, reason, when, result. */
export function AuditTable({ rows, caption }: { rows: AuditView[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => String(row.id)}
      empty="기록이 없습니다."
    />
  );
}
