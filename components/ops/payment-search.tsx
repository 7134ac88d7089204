'use client';
import Link from 'next/link';
import { PayMethodName } from '@/components/payments/pay-method-mark';
import { customerLabel } from '@/lib/accounts/client';
import { usePaymentSearch } from '@/lib/browser/client';
import {
  type PaymentRow,
  payMethodOptions,
  paymentKindLabel,
  recordStatusLabel,
  recordStatusText,
} from '@/lib/ops/client';
import { formatDateTime, formatWon } from '@/lib/values/client';
import type { Column, TableSpec } from './data-table';
import { ListShell } from './list-shell';
import { optionsOf } from './options-field';

const fields = [
  { name: 'orderNumber', label: '주문번호' },
  { name: 'email', label: '고객 이메일', type: 'email' as const },
  { name: 'merchantUid', label: '결제 ID (merchant_uid)' },
  { name: 'impUid', label: '결제번호 (imp_uid)' },
  { name: 'status', label: '상태', options: optionsOf(recordStatusLabel) },
  { name: 'kind', label: '종류', options: optionsOf(paymentKindLabel) },
  { name: 'method', label: '결제수단', options: payMethodOptions },
  { name: 'from', label: '시작일', type: 'date' as const },
  { name: 'to', label: '종료일', type: 'date' as const },
];

const columns: Column<PaymentRow>[] = [
  {
    header: '결제 ID',
    cell: (row) => (
      <Link href={`/ops/payments/${encodeURIComponent(row.merchantUid)}`} className="mono">
        {row.merchantUid}
      </Link>
    ),
  },
  { header: '주문번호', nowrap: true, cell: (row) => row.orderNumber ?? '—' },
  { header: '종류', nowrap: true, cell: (row) => paymentKindLabel[row.kind] },
  { header: '결제수단', nowrap: true, cell: (row) => <PayMethodName method={row.payMethod} /> },
  { header: '상품', cell: (row) => row.name },
  { header: '금액', nowrap: true, cell: (row) => formatWon(row.amount) },
  { header: '환불', nowrap: true, cell: (row) => (row.refundedAmount ? formatWon(row.refundedAmount) : '—') },
  { header: '상태', nowrap: true, cell: (row) => recordStatusText(row.status, row.payMethod) },
  { header: '고객', cell: (row) => customerLabel(row.customerEmail) },
  { header: '생성', nowrap: true, cell: (row) => formatDateTime(row.createdAt) },
];

const table: TableSpec<PaymentRow> = {
  caption: '검색 결과',
  columns,
  rowKey: (row) => row.merchantUid,
  empty: '조건에 맞는 결제가 없습니다.',
};

/** /ops: orders and subscription charges, searched on the server; the filters are the URL's. */
export function PaymentSearch() {
  return <ListShell useList={usePaymentSearch} filters={{ label: '결제 검색 조건', fields }} table={table} />;
}
