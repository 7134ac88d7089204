'use client';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { useProcessAgain, useWebhookList } from '@/lib/browser/client';
import type { WebhookDeliveryView } from '@/lib/ops/client';
import { hasRole, noticeStatusLabel, webhookOutcomeLabel } from '@/lib/ops/client';
import { formatDateTime } from '@/lib/values/client';
import type { Column } from './data-table';
import { ListShell } from './list-shell';
import { useConsoleOperator } from './ops-providers';

const fields = [
  { name: 'payment', label: 'imp_uid 또는 merchant_uid' },
  {
    name: 'outcome',
    label: '처리 결과',
    options: [
      { value: 'ok', label: '처리됨' },
      { value: 'ignored', label: '무시됨' },
      { value: 'error', label: '오류' },
    ],
  },
  { name: 'from', label: '시작일', type: 'date' as const },
  { name: 'to', label: '종료일', type: 'date' as const },
];

/** The outcome in Korean, the stored words under it (the filter and the logs use them). */
export function Outcome({ outcome, payMethod }: { outcome: string; payMethod?: string | null }) {
  const label = webhookOutcomeLabel(outcome, payMethod);
  return (
    <>
      {label}
      {label !== outcome && <span className="field-hint mono block text-xs break-keep">{outcome}</span>}
    </>
  );
}

/** /ops/webhooks: deliveries received, with "process again" (refunder and up). */
export function WebhookList() {
  const operator = useConsoleOperator();
  const again = useProcessAgain();
  const columns: Column<WebhookDeliveryView>[] = [
    { header: '받은 시각', nowrap: true, cell: (row) => formatDateTime(row.receivedAt) },
    {
      header: '결제 ID',
      cell: (row) =>
        row.merchantUid ? (
          <Link className="mono" href={`/ops/payments/${encodeURIComponent(row.merchantUid)}`}>
            {row.merchantUid}
          </Link>
        ) : (
          '—'
        ),
    },
    { header: '알림 상태', nowrap: true, cell: (row) => (row.status ? noticeStatusLabel(row.status) : '—') },
    { header: '본문', cell: (row) => <code className="mono">{row.body}</code> },
    {
      header: '처리 결과',
      cell: (row) => (row.outcome ? <Outcome outcome={row.outcome} payMethod={row.payMethod} /> : '—'),
    },
    {
      header: <span className="visually-hidden">조치</span>,
      cell: (row) =>
        hasRole(operator.role, 'refunder') && (
          <Button
            variant="secondary"
            disabled={again.isPending}
            aria-label={`${row.merchantUid ?? row.id} 다시 처리`}
            onClick={() => again.mutate(row.id)}
          >
            {again.isPending && again.variables === row.id ? '처리 중…' : '다시 처리'}
          </Button>
        ),
    },
  ];
  return (
    <ListShell
      useList={useWebhookList}
      filters={{ label: '웹훅 검색 조건', fields }}
      notices={
        <>
          {again.isSuccess && (
            <Alert tone="success">
              다시 처리했습니다: {webhookOutcomeLabel(again.data.delivery.outcome ?? '', again.data.delivery.payMethod)}
            </Alert>
          )}
          {again.error && <Alert>{again.error.message}</Alert>}
        </>
      }
      table={{ caption: '받은 웹훅', columns, rowKey: (row) => String(row.id), empty: '받은 웹훅이 없습니다.' }}
    />
  );
}
