'use client';
import { useState } from 'react';
import { Field } from '@/components/ui/field';
import type { RefundAccountView } from '@/lib/refunds/client';
import { bankName, REFUND_BANKS, type RefundAccountInput, refundAccountSchema } from '@/lib/values/client';
import { OptionsField } from './options-field';

const bankOptions = REFUND_BANKS.map(([value, label]) => ({ value, label }));

/** Which account a 가상계좌's refund goes to, as the form read it: the stored one, a typed one, or problems. */
export type AccountChoice =
  | { kind: 'stored'; account: RefundAccountView }
  | { kind: 'typed'; account: RefundAccountInput & { bankName: string } }
  | { kind: 'invalid'; problems: Record<string, string> };

/** Reads the fields below from the submitted form. */
export function readAccountChoice(form: FormData, stored: RefundAccountView | null): AccountChoice {
  if (stored && form.get('refundAccountChoice') !== 'typed') return { kind: 'stored', account: stored };
  const parsed = refundAccountSchema.safeParse({
    bank: String(form.get('refundBank') ?? ''),
    account: String(form.get('refundAccountNumber') ?? ''),
    holder: String(form.get('refundHolder') ?? ''),
  });
  if (parsed.success) return { kind: 'typed', account: { ...parsed.data, bankName: bankName(parsed.data.bank) } };
  const problems: Record<string, string> = {};
  for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
  return { kind: 'invalid', problems };
}

/**
 * A 가상계좌 payment is refunded by bank transfer: to the account the customer left on the order, or
 * to one the operator types (은행, 계좌번호, 예금주), whose holder the service checks on submit.
 */
export function RefundAccountFields({
  stored,
  problems = {},
}: {
  stored: RefundAccountView | null;
  /** Per field (bank, account, holder): the form's own check or the server's answer. */
  problems?: Record<string, string | undefined>;
}) {
  const [choice, setChoice] = useState<'stored' | 'typed'>(stored ? 'stored' : 'typed');
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-bold">환불 계좌</legend>
      <p className="m-0">가상계좌 결제는 고객의 은행 계좌로 이체해 환불합니다.</p>
      {stored ? (
        <div role="radiogroup" aria-label="환불 계좌 선택" className="flex flex-col gap-1">
          <label>
            <input
              type="radio"
              name="refundAccountChoice"
              value="stored"
              checked={choice === 'stored'}
              onChange={() => setChoice('stored')}
            />{' '}
            고객이 남긴 계좌: {stored.bankName} <span className="mono">{stored.account}</span> (예금주 {stored.holder})
          </label>
          <label>
            <input
              type="radio"
              name="refundAccountChoice"
              value="typed"
              checked={choice === 'typed'}
              onChange={() => setChoice('typed')}
            />{' '}
            다른 계좌 입력 (고객에게 확인한 계좌)
          </label>
        </div>
      ) : (
        <p className="m-0">고객이 남긴 환불 계좌가 없습니다. 고객에게 확인한 계좌를 입력해 주세요.</p>
      )}
      {choice === 'typed' && (
        <>
          <OptionsField
            id="refund-bank"
            name="refundBank"
            label="은행"
            options={bankOptions}
            defaultValue=""
            blankLabel="은행 선택"
            hint={problems.bank}
          />
          <Field id="refund-account-number" label="계좌번호" hint={problems.account ?? '숫자만, 또는 -와 함께'}>
            {(control) => (
              <input
                {...control}
                name="refundAccountNumber"
                inputMode="numeric"
                autoComplete="off"
                aria-invalid={problems.account ? true : undefined}
              />
            )}
          </Field>
          <Field
            id="refund-holder"
            label="예금주"
            hint={problems.holder ?? '결제 서비스에서 계좌의 실제 예금주와 대조합니다.'}
          >
            {(control) => (
              <input
                {...control}
                name="refundHolder"
                autoComplete="off"
                aria-invalid={problems.holder ? true : undefined}
              />
            )}
          </Field>
        </>
      )}
    </fieldset>
  );
}
