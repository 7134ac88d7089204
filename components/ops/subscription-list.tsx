'use client';
import Link from 'next/link';
import { customerLabel } from '@/lib/accounts/client';
import { useSubscriptionList } from '@/lib/browser/client';
import { consentWaitLabel, type SubscriptionRow } from '@/lib/ops/client';
import { subscriptionStatusLabel } from '@/lib/subscriptions/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import type { Column, TableSpec } from './data-table';
import { ListShell } from './list-shell';
import { optionsOf } from './options-field';

const fields = [
  { name: 'email', label: '고객 이메일', type: 'email' as const },
  { name: 'status', label: '상태', options: optionsOf(subscriptionStatusLabel) },
  { name: 'missingBooking', label: '예약', options: [{ value: '1', label: '예약 없음 (이용 중)' }] },
  { name: 'awaitingConsent', label: '동의 대기', options: optionsOf(consentWaitLabel) },
];

const columns: Column<SubscriptionRow>[] = [
  {
    header: '요금제',
    cell: (row) => (
      <Link href={`/ops/subscriptions/${row.id}`}>
        {row.planName} · {formatWon(row.amount)}
      </Link>
    ),
  },
  { header: '고객', cell: (row) => customerLabel(row.customerEmail) },
  {
    header: '상태',
    nowrap: true,
    cell: (row) =>
      `${subscriptionStatusLabel[row.status]}${row.cancelAtPeriodEnd && row.status === 'active' ? ' · 해지 예정' : ''}`,
  },
  {
    header: '현재 기간 끝',
    nowrap: true,
    cell: (row) => (row.currentPeriodEnd ? formatDateTime(row.currentPeriodEnd) : '—'),
  },
  {
    header: '동의 대기',
    cell: (row) =>
      row.consentWait
        ? `${consentWaitLabel[row.consentWait.kind]}${row.consentWait.newAmount ? ` (${formatWon(row.consentWait.newAmount)})` : ''} · 없으면 ${formatDateTime(row.consentWait.endsAt)} 종료`
        : '—',
  },
  {
    header: '다음 결제',
    nowrap: true,
    cell: (row) =>
      row.openCharge?.scheduleAt
        ? `${formatDateTime(row.openCharge.scheduleAt)}${row.openCharge.kind === 'retry' ? ` (재시도 ${row.openCharge.attempt}회차)` : ''}`
        : '—',
  },
];

const table: TableSpec<SubscriptionRow> = {
  caption: '구독',
  columns,
  rowKey: (row) => row.id,
  empty: '조건에 맞는 구독이 없습니다.',
};

/** /ops/subscriptions: subscriptions by customer, status, a missing booking or a consent awaited. */
export function SubscriptionList() {
  return <ListShell useList={useSubscriptionList} filters={{ label: '구독 검색 조건', fields }} table={table} />;
}
