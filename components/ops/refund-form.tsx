'use client';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { ApiError } from '@/lib/browser/api';
import type { useRefund } from '@/lib/browser/ops/payments';
import { formatWon } from '@/lib/shared/format';
import { REFUND_REASONS, type RefundReason, refundReasonLabel } from '@/lib/shared/ops';

/**
 * Full or partial refund, capped at what the service says is left. The balance shown is sent
 * along (the checksum): a refund made by someone else meanwhile makes this one refused, not doubled.
 */
export function RefundForm({ refund, refundable }: { refund: ReturnType<typeof useRefund>; refundable: number }) {
  const [amount, setAmount] = useState(String(refundable));
  const [problem, setProblem] = useState<string>();
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
    refund.mutate({
      amount: value,
      refundable,
      reason: form.get('reason') as RefundReason,
      note: String(form.get('note') ?? ''),
    });
  };
  return (
    <form className="ops-panel" onSubmit={submit} aria-label="환불" noValidate>
      <h2>환불</h2>
      <p>
        환불 가능 금액 <strong>{formatWon(refundable)}</strong>
      </p>
      {error && <Alert>{error.message}</Alert>}
      <div className="field">
        <label htmlFor="refund-amount">환불 금액 (원)</label>
        <input
          id="refund-amount"
          name="amount"
          inputMode="numeric"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          aria-invalid={problem || error?.fields.amount ? true : undefined}
          aria-describedby="refund-amount-hint"
        />
        <p id="refund-amount-hint" className="field-hint">
          {problem ?? error?.fields.amount ?? '일부만 환불하려면 금액을 줄이세요.'}
        </p>
      </div>
      <div className="field">
        <label htmlFor="refund-reason">사유</label>
        <select id="refund-reason" name="reason" defaultValue="customer_request">
          {REFUND_REASONS.map((reason) => (
            <option key={reason} value={reason}>
              {refundReasonLabel[reason]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="refund-note">메모</label>
        <textarea id="refund-note" name="note" maxLength={500} rows={2} />
      </div>
      <SubmitButton pending={refund.isPending} pendingLabel="환불하는 중…">
        환불하기
      </SubmitButton>
    </form>
  );
}
