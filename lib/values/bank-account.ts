// A customer's bank account for a 가상계좌 refund (the money goes back by transfer): the banks one may
// name (금융결제원 standard codes, as GET /vbanks/holder knows them), the account as the order page
// and the console take it, and how it is shown once stored. Client-safe; one home for both forms.

export const REFUND_BANKS = [
  ['004', 'KB국민은행'],
  ['088', '신한은행'],
  ['020', '우리은행'],
  ['081', '하나은행'],
  ['011', '농협'],
  ['003', '기업은행'],
  ['090', '카카오뱅크'],
  ['089', 'K뱅크'],
  ['071', '우체국'],
  ['023', 'SC제일은행'],
  ['027', '한국씨티은행'],
  ['002', '산업은행'],
  ['007', '수협'],
  ['031', '대구은행'],
  ['032', '부산은행'],
  ['034', '광주은행'],
  ['035', '제주은행'],
  ['037', '전북은행'],
  ['039', '경남은행'],
  ['048', '신협'],
] as const satisfies readonly (readonly [string, string])[];

export type RefundBankCode = (typeof REFUND_BANKS)[number][0];

const names = new Map<string, string>(REFUND_BANKS);

/** The bank's name, or the code itself for one the list does not know. */
export const bankName = (code: string) => names.get(code) ?? code;
export const isRefundBank = (code: string): code is RefundBankCode => names.has(code);

/** An account number as the page shows it once stored: only its last four digits (`******5678`). */
export const maskAccount = (account: string) => {
  const digits = account.replace(/\D/g, '');
  return `${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`;
};
