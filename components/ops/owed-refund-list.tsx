'use client';
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { Panel } from '@/components/ui/panel';
import { customerLabel } from '@/lib/accounts/client';
import { ApiError, useOwedRefund, useOwedRefunds } from '@/lib/browser/client';
import { type OwedRefundPage, type OwedRefundRow, type OwedState, owedStateLabel } from '@/lib/ops/client';
import { formatWon } from '@/lib/values/client';
import { type Column, DataTable } from './data-table';
import { ListShell } from './list-shell';
import { RefundAccountFields, readAccountChoice } from './refund-account-fields';

const stateBadge: Record<OwedState, BadgeVariant> = { owed: 'pending', refunding: 'awaiting', refunded: 'paid' };

const fields = [
  {
    name: 'state',
    label: '상태',
    options: (Object.keys(owedStateLabel) as OwedState[]).map((value) => ({ value, label: owedStateLabel[value] })),
  },
];

/**
 * /ops/owed-refunds (돌려줄 돈): 가상계좌 payments that buy nothing (a second deposit, an amount not the
 * order's, one no order here names), which go back only to a bank account the customer names. Each
 * shows its amount, reason and state; one waiting for an account can be refunded here to the account
 * the customer left on the order or to one the operator typed after asking them — made once.
 */
export function OwedRefundList() {
  const [chosen, setChosen] = useState<OwedRefundRow>();
  const columns: Column<OwedRefundRow>[] = [
    {
      header: '상태',
      nowrap: true,
      cell: (row) => <Badge variant={stateBadge[row.state]}>{owedStateLabel[row.state]}</Badge>,
    },
    { header: '금액', nowrap: true, cell: (row) => formatWon(row.amount) },
    {
      header: '주문번호',
      nowrap: true,
      cell: (row) =>
        row.orderNumber ? (
          <Link href={`/ops/payments/${encodeURIComponent(row.merchantUid)}`}>{row.orderNumber}</Link>
        ) : (
          <span className="mono">{row.merchantUid} (주문 없음)</span>
        ),
    },
    {
      header: '사유',
      cell: (row) => (
        <>
          {row.reason}
          {row.failure && <span className="field-error"> · 지난 환불 실패: {row.failure}</span>}
        </>
      ),
    },
    { header: '고객', cell: (row) => (row.customerEmail ? customerLabel(row.customerEmail) : '—') },
    { header: '기록', nowrap: true, cell: (row) => <DateTime at={row.refundedAt ?? row.owedAt} /> },
    {
      header: '',
      nowrap: true,
      cell: (row) =>
        row.state === 'owed' ? (
          <Button variant="secondary" onClick={() => setChosen(row)}>
            환불 계좌 입력
          </Button>
        ) : null,
    },
  ];
  return (
    <ListShell<OwedRefundRow, OwedRefundPage> useList={useOwedRefunds} filters={{ label: '돌려줄 돈 조건', fields }}>
      {(page) => (
        <>
          <p>가상계좌로 받은 돈은 고객이 알려 준 계좌로만 돌려줄 수 있습니다. 계좌가 오면 한 번 환불합니다.</p>
          <DataTable
            caption="돌려줄 돈"
            columns={columns}
            rows={page.rows}
            rowKey={(row) => row.id}
            empty="돌려줄 돈이 없습니다."
          />
          {chosen && <OwedRefundForm key={chosen.id} row={chosen} onDone={() => setChosen(undefined)} />}
        </>
      )}
    </ListShell>
  );
}

function OwedRefundForm({ row, onDone }: { row: OwedRefundRow; onDone: () => void }) {
  const refund = useOwedRefund(row.id);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const error = refund.error instanceof ApiError ? refund.error : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const to = readAccountChoice(new FormData(event.currentTarget), row.storedAccount);
    if (to.kind === 'invalid') {
      setProblems(to.problems);
      return;
    }
    setProblems({});
    // The stored account is the server's to use: only one typed here is sent.
    const body =
      to.kind === 'typed'
        ? { refundAccount: { bank: to.account.bank, account: to.account.account, holder: to.account.holder } }
        : {};
    refund.mutate(body, {
      onSuccess: (answer) => answer.state !== 'owed' && onDone(),
    });
  };
  return (
    <Panel as="form" variant="console" onSubmit={submit} aria-label="돌려줄 돈 환불" noValidate>
      <h2>
        {row.orderNumber ?? row.merchantUid} · {formatWon(row.amount)} 환불
      </h2>
      <p>사유: {row.reason}</p>
      {error && <Alert>{error.message}</Alert>}
      {refund.data?.state === 'owed' && (
        <Alert>환불하지 못했습니다: {refund.data.failure ?? '다시 시도해 주세요.'}</Alert>
      )}
      <RefundAccountFields
        stored={row.storedAccount}
        problems={{
          bank: problems.bank ?? error?.fields['refundAccount.bank'],
          account: problems.account ?? error?.fields['refundAccount.account'],
          holder: problems.holder ?? error?.fields['refundAccount.holder'],
        }}
      />
      <div className="flex gap-2">
        <Button type="submit" disabled={refund.isPending}>
          {refund.isPending ? '환불하는 중…' : `${formatWon(row.amount)} 환불하기`}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          닫기
        </Button>
      </div>
    </Panel>
  );
}
