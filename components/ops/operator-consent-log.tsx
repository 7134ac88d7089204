import { consentKindLabel, type OperatorConsentEntry } from '@/lib/consents/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import { type Column, DataTable } from './data-table';

const columns: Column<OperatorConsentEntry>[] = [
  { header: '일시', nowrap: true, cell: (row) => formatDateTime(row.givenAt) },
  { header: '내용', cell: (row) => `${consentKindLabel[row.kind]} ${row.agreed ? '동의' : '동의하지 않음'}` },
  {
    header: '금액·주기',
    cell: (row) => `${row.amount === null ? '—' : formatWon(row.amount)}${row.cycle ? ` / ${row.cycle}` : ''}`,
  },
  { header: '안내문 버전', cell: (row) => <span className="mono">{row.termsVersion}</span> },
  // The whole fingerprint: what a dispute compares with the text of that version.
  { header: '안내문 지문(SHA-256)', cell: (row) => <span className="mono">{row.textSha256}</span> },
];

/** The customer's consent log for operators: each answer with the version and fingerprint of its text. */
export function OperatorConsentLog({ consents }: { consents: OperatorConsentEntry[] }) {
  return (
    <DataTable
      caption="고객 동의 기록"
      columns={columns}
      rows={consents}
      rowKey={(row) => row.id}
      empty="기록된 동의가 없습니다."
    />
  );
}
