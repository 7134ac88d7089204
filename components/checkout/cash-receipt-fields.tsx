'use client';
import { TextField } from '@/components/ui/text-field';
import {
  CASH_RECEIPT_TYPES,
  type CashReceiptRequest,
  type CashReceiptType,
  cashReceiptTypeLabel,
  identifierLabel,
  identifierPlaceholder,
  identifierProblem,
} from '@/lib/orders/client';

/** The form's 현금영수증: its use (null: 신청 안 함) and the number as typed. */
export interface CashReceiptChoice {
  type: CashReceiptType | null;
  identifier: string;
}

export const NO_CASH_RECEIPT: CashReceiptChoice = { type: null, identifier: '' };

const typeHint: Record<CashReceiptType, string> = {
  person: '개인 (연말정산 소득공제)',
  company: '사업자 (매입 증빙)',
};

/**
 * What the checkout body's `cashReceipt` is for `choice`: nothing when none was asked for, the
 * request when its number is valid, else the problem to show under the field (the server says the same).
 */
export function cashReceiptOfChoice(choice: CashReceiptChoice): { request?: CashReceiptRequest; problem?: string } {
  if (!choice.type) return {};
  const problem = identifierProblem(choice.type, choice.identifier);
  return problem ? { problem } : { request: { type: choice.type, identifier: choice.identifier } };
}

interface Props {
  value: CashReceiptChoice;
  onChange(value: CashReceiptChoice): void;
  /** The number's problem (cashReceiptOfChoice, or the server's `cashReceipt.identifier`). */
  error?: string;
  disabled?: boolean;
  /** On the order page the form itself is the ask: no 신청 안 함. */
  optional?: boolean;
  /** Keeps the ids apart when two forms are on one page. */
  idPrefix?: string;
}

/**
 * 현금영수증 fields for a 가상계좌 or 계좌이체 payment: 소득공제용 with a mobile number or 지출증빙용
 * with a 사업자등록번호 (its check digit checked as it is typed out). Placed by the order sheet when
 * one of those methods is chosen, and by the order page's ask form.
 */
export function CashReceiptFields({
  value,
  onChange,
  error,
  disabled,
  optional = true,
  idPrefix = 'cash-receipt',
}: Props) {
  const choices: (CashReceiptType | null)[] = optional ? [null, ...CASH_RECEIPT_TYPES] : [...CASH_RECEIPT_TYPES];
  return (
    <fieldset className="choices" disabled={disabled}>
      <legend>{optional ? '현금영수증' : '현금영수증 용도'}</legend>
      {choices.map((type) => (
        <label key={type ?? 'none'} className="inline-field">
          <input
            type="radio"
            name={`${idPrefix}-type`}
            value={type ?? 'none'}
            checked={value.type === type}
            onChange={() => onChange({ type, identifier: value.type === type ? value.identifier : '' })}
          />
          {type ? `${cashReceiptTypeLabel[type]} · ${typeHint[type]}` : '신청 안 함'}
        </label>
      ))}
      <p className="field-hint m-0">가상계좌는 입금이 확인되면, 계좌이체는 결제 직후 발급됩니다.</p>
      {value.type && (
        <TextField
          id={`${idPrefix}-identifier`}
          name="identifier"
          label={identifierLabel[value.type]}
          value={value.identifier}
          error={error}
          inputMode="numeric"
          autoComplete={value.type === 'person' ? 'tel' : 'off'}
          placeholder={identifierPlaceholder[value.type]}
          maxLength={value.type === 'person' ? 13 : 12}
          onChange={(event) => onChange({ ...value, identifier: event.target.value })}
        />
      )}
    </fieldset>
  );
}
