// Key-in card entry, shared by the form (masks, messages as the customer types) and the route
// (the same rules again on the server). Pure functions; nothing here keeps or prints card data.

export interface KeyInFields {
  /** As typed; masked to `1234-5678-9012-3456` (AMEX: `3782-822463-10005`). */
  cardNumber: string;
  /** As typed; masked to `MM/YY`. */
  expiry: string;
  /** YYMMDD, or the 10-digit business registration number of a corporate card. */
  birth: string;
  pwd2digit: string;
}

export type KeyInErrors = Partial<Record<keyof KeyInFields, string>>;

const digitsOf = (value: string) => value.replace(/\D/g, '');

/** AMEX (34, 37) has 15 digits, printed 4-6-5; every other card 16, printed 4-4-4-4. */
export const isAmex = (digits: string) => /^3[47]/.test(digits);
const lengthOf = (digits: string) => (isAmex(digits) ? 15 : 16);

/** `4242424242424242` → `4242-4242-4242-4242`, `378282246310005` → `3782-822463-10005` (as far as typed). */
export function maskCardNumber(value: string): string {
  const digits = digitsOf(value);
  const kept = digits.slice(0, lengthOf(digits));
  const groups = isAmex(kept) ? [kept.slice(0, 4), kept.slice(4, 10), kept.slice(10)] : kept.match(/.{1,4}/g);
  return (groups ?? []).filter(Boolean).join('-');
}

/** `1229` → `12/29` (as far as typed). */
export function maskExpiry(value: string): string {
  const digits = digitsOf(value).slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

export const maskDigits = (value: string, max: number) => digitsOf(value).slice(0, max);

/** The Luhn check digit every card number carries; catches most typos before the issuer does. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** `MM/YY` → `20YY-MM`, the service's format; undefined when it is not a month. */
export function expiryToService(value: string): string | undefined {
  const match = /^(\d{2})\/(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, month, year] = match;
  if (Number(month) < 1 || Number(month) > 12) return undefined;
  return `20${year}-${month}`;
}

/** Korean messages per field; empty when the entry can be sent. Expiry in the past is the issuer's call. */
export function validateKeyIn(fields: KeyInFields): KeyInErrors {
  const errors: KeyInErrors = {};
  const number = digitsOf(fields.cardNumber);
  if (number.length !== lengthOf(number) || maskCardNumber(number) !== fields.cardNumber) {
    errors.cardNumber = isAmex(number)
      ? '아멕스(AMEX) 카드 번호 15자리를 입력해 주세요.'
      : '카드 번호 16자리를 입력해 주세요.';
  } else if (!passesLuhn(number)) {
    errors.cardNumber = '카드 번호가 올바르지 않습니다. 다시 확인해 주세요.';
  }
  if (!expiryToService(fields.expiry)) errors.expiry = '유효기간을 MM/YY 형식으로 입력해 주세요 (예: 12/29).';
  if (!/^(\d{6}|\d{10})$/.test(fields.birth)) {
    errors.birth = '생년월일 6자리 또는 사업자등록번호 10자리를 입력해 주세요.';
  }
  if (!/^\d{2}$/.test(fields.pwd2digit)) errors.pwd2digit = '카드 비밀번호 앞 2자리를 입력해 주세요.';
  return errors;
}
