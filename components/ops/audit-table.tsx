import { formatWon } from '@/lib/shared/format';
import type { AuditView } from '@/lib/shared/ops';
import { isoToLocal } from './query-state';

/** Operators' actions: who, what, which record, amount, reason, when, result. */
export function AuditTable({ rows, caption }: { rows: AuditView[]; caption: string }) {
  return (
    <table className="ops-table break-keep">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">시각</th>
          <th scope="col">운영자</th>
          <th scope="col">작업</th>
          <th scope="col">대상</th>
          <th scope="col">금액</th>
          <th scope="col">사유 · 메모</th>
          <th scope="col">결과</th>
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={7}>기록이 없습니다.</td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={row.id}>
            <td>{isoToLocal(row.at)}</td>
            <td>{row.operatorEmail}</td>
            <td>{row.action}</td>
            <td className="mono">
              {row.targetType} {row.targetId}
            </td>
            <td>{row.amount === null ? '—' : formatWon(row.amount)}</td>
            <td>{[row.reason, row.note].filter(Boolean).join(' · ') || '—'}</td>
            <td>{row.result}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
