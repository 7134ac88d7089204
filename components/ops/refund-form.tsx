'use client';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Panel } from '@/components/ui/panel';
import type { useRefund } from '@/lib/browser/client';
import { ApiError } from '@/lib/browser/client';
import {
  type RefundAccountView,
  type RefundReason,
  type RefundRequest,
  refundReasonForCustomer,
  refundReasonLabel,
} from '@/lib/refunds/client';
import { formatWon } from '@/lib/values/client';
import { OptionsField, optionsOf } from './options-field';
import { type AccountChoice, RefundAccountFields, readAccountChoice } from './refund-account-fields';

/** The payment refunded, as the confirmation names it. */
export interface RefundTarget {
  name: string;
  /** null: the customer withdrew (no address to mail). */
  customerEmail: string | null;
  type: 'order' | 'subscription_charge';
}

type Asked = RefundRequest & { to?: AccountChoice & { kind: 'stored' | 'typed' } };

/**
 * Full or partial refund, capped at what the service says is left. Money moves only after a
 * confirmation that says how much and what the customer will see. The balance shown is sent along
 * (the checksum): a refund made by someone else meanwhile makes this one refused, not doubled.
 * `account`: a 가상계좌 payment, refunded to a bank account (the customer's stored one, or typed).
 */
export function RefundForm({
  refund,
  refundable,
  target,
  account,
}: {
  refund: ReturnType<typeof useRefund>;
  refundable: number;
  target: RefundTarget;
  account?: { stored: RefundAccountView | null };
}) {
  const [amount, setAmount] = useState(String(refundable));
  const [reason, setReason] = useState<RefundReason>('customer_request');
  const [problem, setProblem] = useState<string>();
  const [accountProblems, setAccountProblems] = useState<Record<string, string>>({});
  const [asked, setAsked] = useState<Asked>();
  const error = refund.error instanceof ApiError ? refund.error : undefined;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = Number(amount.replaceAll(',', ''));
    if (!Number.isInteger(value) || value < 1 || value > refundable) {
      setProblem(`1원부터 ${formatWon(refundable)}까지 입력해 주세요.`);
      return;
    }
    setProblem(undefined);
    const to = account ? readAccountChoice(form, account.stored) : undefined;
    if (to?.kind === 'invalid') {
      setAccountProblems(to.problems);
      return;
    }
    setAccountProblems({});
    setAsked({
      amount: value,
      refundable,
      reason,
      note: String(form.get('note') ?? ''),
      // The stored account is the server's to use: only one typed here is sent.
      ...(to?.kind === 'typed' && {
        refundAccount: { bank: to.account.bank, account: to.account.account, holder: to.account.holder },
      }),
      to,
    });
  };
  const confirm = () => {
    if (!asked) return;
    const { to: _shown, ...body } = asked;
    refund.mutate(body, { onSettled: () => setAsked(undefined) });
  };
  return (
    <Panel as="form" variant="console" onSubmit={submit} aria-label="환불" noValidate>
      <h2>환불</h2>
      <p>
        환불 가능 금액 <strong>{formatWon(refundable)}</strong>
      </p>
      {error && <Alert>{error.message}</Alert>}
      {/* The problem replaces the hint (one line under the amount, in the hint's colour). */}
      <Field
        id="refund-amount"
        label="환불 금액 (원)"
        hint={problem ?? error?.fields.amount ?? '일부만 환불하려면 금액을 줄이세요.'}
      >
        {(control) => (
          <input
            {...control}
            name="amount"
            inputMode="numeric"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={problem || error?.fields.amount ? true : undefined}
          />
        )}
      </Field>
      <OptionsField
        id="refund-reason"
        name="reason"
        label="사유"
        options={optionsOf(refundReasonLabel)}
        defaultValue="customer_request"
        onChange={(value) => setReason(value as RefundReason)}
        hint={`고객에게 보이는 사유: “${refundReasonForCustomer[reason]}”`}
      />
      <Field id="refund-note" label="내부 메모" hint="고객에게 보이지 않습니다. 감사 기록과 콘솔에만 남습니다.">
        {(control) => <textarea {...control} name="note" maxLength={500} rows={2} />}
      </Field>
      {account && (
        <RefundAccountFields
          stored={account.stored}
          problems={{
            bank: accountProblems.bank ?? error?.fields['refundAccount.bank'],
            account: accountProblems.account ?? error?.fields['refundAccount.account'],
            holder: accountProblems.holder ?? error?.fields['refundAccount.holder'],
          }}
        />
      )}
      <Button type="submit" disabled={refund.isPending}>
        환불하기
      </Button>
      {asked && (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setAsked(undefined)}
          title={`${formatWon(asked.amount)}을 환불할까요?`}
          description={<RefundSummary asked={asked} refundable={refundable} target={target} />}
          confirmLabel="확인"
          pendingLabel="환불하는 중…"
          pending={refund.isPending}
          destructive
          onConfirm={confirm}
        />
      )}
    </Panel>
  );
}

/** How much, and what the customer will see once it is made: the mail and the order's status. */
function RefundSummary({ asked, refundable, target }: { asked: Asked; refundable: number; target: RefundTarget }) {
  const left = refundable - asked.amount;
  const whole = left === 0;
  return (
    <div className="flex flex-col gap-2">
      <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
        <dt>결제</dt>
        <dd className="m-0">{target.name}</dd>
        <dt>환불 금액</dt>
        <dd className="m-0 font-bold">{formatWon(asked.amount)}</dd>
        <dt>환불 후 남는 금액</dt>
        <dd className="m-0">{formatWon(left)}</dd>
        <dt>사유</dt>
        <dd className="m-0">{refundReasonLabel[asked.reason]}</dd>
        {asked.to && (
          <>
            <dt>환불 계좌</dt>
            <dd className="m-0">
              {asked.to.account.bankName} <span className="mono">{asked.to.account.account}</span> (예금주{' '}
              {asked.to.account.holder})
            </dd>
          </>
        )}
        {asked.note && (
          <>
            <dt>내부 메모</dt>
            <dd className="m-0">{asked.note}</dd>
          </>
        )}
      </dl>
      <p className="m-0 font-bold">고객에게 보이는 것</p>
      <ul className="m-0 pl-5">
        <li>
          {target.customerEmail}(으)로 환불 안내 메일({formatWon(asked.amount)} 환불)이 발송됩니다. 메일과 카드 영수증에
          보이는 사유는 “{refundReasonForCustomer[asked.reason]}”입니다
          {asked.note ? '. 내부 메모는 보이지 않습니다.' : '.'}
        </li>
        <li>
          {target.type === 'order' ? '주문 내역' : '구독의 결제 내역'}에{' '}
          {whole ? '“환불됨”' : `“부분 환불 ${formatWon(asked.amount)}”`}으로 표시됩니다.
        </li>
        {target.type === 'subscription_charge' && whole && (
          <li>이번 기간 결제가 모두 환불되어 구독이 종료되고 다음 결제가 취소됩니다.</li>
        )}
        <li>
          {asked.to
            ? '환불 금액은 위 계좌로 이체됩니다. 예금주가 다르면 결제 서비스가 환불을 거절합니다.'
            : '카드 승인 취소는 카드사에 따라 3~7영업일 뒤 반영됩니다.'}{' '}
          환불은 되돌릴 수 없습니다.
        </li>
      </ul>
    </div>
  );
}
