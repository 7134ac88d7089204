// A 현금영수증 as the customer asks for it (checkout, the order page): 소득공제용 for a person,
// identified by a mobile number, or 지출증빙용 for a business, by its registration number. Shared by
// the routes (zod) and the forms (the same messages before sending). Client-safe.

export const CASH_RECEIPT_TYPES = ['person', 'company'] as const;
export type CashReceiptType = (typeof CASH_RECEIPT_TYPES)[number];

export const cashReceiptTypeLabel: Record<CashReceiptType, string> = {
  person: '소득공제용',
  company: '지출증빙용',
};
export const identifierLabel: Record<CashReceiptType, string> = {
  person: '휴대폰 번호',
  company: '사업자등록번호',
};
export const identifierPlaceholder: Record<CashReceiptType, string> = {
  person: '010-1234-5678',
  company: '123-45-67890',
};

export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** A Korean mobile number (010 and eight digits; the old 011, 016–019 with seven or eight), with or without dashes. */
export const isMobileNumber = (value: string) => /^(010\d{8}|01[16789]\d{7,8})$/.test(digitsOf(value));

/**
 * A 사업자등록번호: ten digits whose last is the check digit of the nine before it (weights
 * 1,3,7,1,3,7,1,3,5, plus the tens of the ninth digit × 5).
 */
export function isBusinessNumber(value: string): boolean {
  const digits = digitsOf(value);
  if (!/^\d{10}$/.test(digits)) return false;
  const d = [...digits].map(Number);
  const weights = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  const sum =
    weights.reduce((total, weight, i) => total + weight * (d[i] ?? 0), 0) + Math.floor(((d[8] ?? 0) * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** What is wrong with `identifier` for a receipt of `type`, in the customer's words; undefined when nothing. */
export function identifierProblem(type: CashReceiptType, identifier: string): string | undefined {
  if (!/^[\d\s-]{1,30}$/.test(identifier)) return `${identifierLabel[type]}를 숫자로 입력해 주세요.`;
  if (type === 'person' && !isMobileNumber(identifier)) return '휴대폰 번호를 010-1234-5678 형식으로 입력해 주세요.';
  if (type === 'company' && !isBusinessNumber(identifier))
    return '올바른 사업자등록번호가 아닙니다. 10자리를 확인해 주세요.';
  return undefined;
}

/** A 현금영수증 as asked: its use and the number, digits only (cash-receipt-request.ts checks it). */
export interface CashReceiptRequest {
  type: CashReceiptType;
  identifier: string;
}
