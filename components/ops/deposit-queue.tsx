'use client';
import Link from 'next/link';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { customerLabel } from '@/lib/accounts/client';
import { useDepositQueue } from '@/lib/browser/client';
import { type DepositPage, type DepositRow, type DepositState, depositStateLabel } from '@/lib/ops/client';
import { formatWon } from '@/lib/values/client';
import { type Column, DataTable } from './data-table';
import { ListShell } from './list-shell';

const stateBadge: Record<DepositState, BadgeVariant> = { waiting: 'awaiting', due_soon: 'pending', expired: 'failed' };

const fields = [
  {
    name: 'state',
    label: '상태',
    options: [
      { value: 'due_soon', label: '곧 마감 (24시간 안)' },
      { value: 'expired', label: '기한 지남 (아직 정리 전)' },
    ],
  },
];

const columns: Column<DepositRow>[] = [
  {
    header: '입금기한',
    nowrap: true,
    cell: (row) => (
      <span className="inline-flex flex-wrap items-center gap-2">
        {row.due ? <DateTime at={row.due} /> : '—'}
        <Badge variant={stateBadge[row.state]}>{depositStateLabel[row.state]}</Badge>
      </span>
    ),
  },
  {
    header: '주문번호',
    nowrap: true,
    cell: (row) => <Link href={`/ops/payments/${encodeURIComponent(row.merchantUid)}`}>{row.orderNumber}</Link>,
  },
  { header: '금액', nowrap: true, cell: (row) => formatWon(row.amount) },
  {
    header: '입금 계좌',
    cell: (row) => (
      <>
        {row.bankName ?? '—'} <span className="mono">{row.accountNumber ?? ''}</span>
        {row.holder && ` (예금주 ${row.holder})`}
      </>
    ),
  },
  { header: '상품', cell: (row) => row.productName },
  { header: '고객', cell: (row) => customerLabel(row.customerEmail) },
];

/**
 * /ops/deposits: 가상계좌 orders awaiting their deposit, the nearest due first. Judged by the
 * service's clock: 곧 마감 within 24 hours, 기한 지남 once the due time has passed while the order
 * still awaits (the deposit can no longer come; reconciliation cancels it).
 */
export function DepositQueue() {
  return (
    <ListShell<DepositRow, DepositPage> useList={useDepositQueue} filters={{ label: '입금 대기 조건', fields }}>
      {(page) => (
        <>
          <p>
            결제 서비스 시각 <DateTime at={page.now} /> 기준
          </p>
          <DataTable
            caption="입금 대기 주문"
            columns={columns}
            rows={page.rows}
            rowKey={(row) => row.merchantUid}
            empty="입금을 기다리는 가상계좌 주문이 없습니다."
          />
        </>
      )}
    </ListShell>
  );
}
