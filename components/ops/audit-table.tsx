import type { AuditView } from '@/lib/ops/client';
import {
  auditActionLabel,
  auditNoteLabel,
  auditReasonLabel,
  auditResultLabel,
  auditTargetLabel,
} from '@/lib/ops/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { type Column, DataTable, type TableSpec } from './data-table';

const columns: Column<AuditView>[] = [
  { header: '시각', nowrap: true, cell: (row) => formatDateTime(row.at) },
  { header: '운영자', cell: (row) => row.operatorEmail },
  {
    header: '작업',
    // The stored code stays beside the label: it is what the log is searched by.
    cell: (row) => (
      <>
        {auditActionLabel(row.action)}
        {auditActionLabel(row.action) !== row.action && <span className="mono audit-code"> {row.action}</span>}
      </>
    ),
  },
  {
    header: '대상',
    cell: (row) => (
      <>
        {auditTargetLabel(row.targetType)} <span className="mono">{row.targetId}</span>
      </>
    ),
  },
  { header: '금액', nowrap: true, cell: (row) => (row.amount === null ? '—' : formatWon(row.amount)) },
  {
    header: '사유 · 메모',
    cell: (row) =>
      [row.reason && auditReasonLabel(row.reason), row.note && auditNoteLabel(row.note)].filter(Boolean).join(' · ') ||
      '—',
  },
  { header: '결과', cell: (row) => auditResultLabel(row.result) },
];

/** Operators' actions: who, what, which record, amount, reason, when, result — in Korean. */
export const auditTable = (caption: string): TableSpec<AuditView> => ({
  caption,
  columns,
  rowKey: (row) => String(row.id),
  empty: '기록이 없습니다.',
});

/** A record's own history (a payment's, a subscription's) under its details. */
export function AuditTable({ rows, caption }: { rows: AuditView[]; caption: string }) {
  return <DataTable {...auditTable(caption)} rows={rows} />;
}
