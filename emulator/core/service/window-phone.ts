// A payment window with pay_method 'phone' (휴대폰 소액결제, pg danal): the carrier and the phone
// number, then the one-time code texted to it (always 123456 here, shown to the tester), then
// the charge on the phone bill. One test number is over its monthly limit: the payment fails.
import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { invalid } from '../wire/errors';
import { type Body, optionalText, requiredText } from '../wire/fields';
import { CARRIERS, normalisePhone } from './certifications';
import { asFailed, asPaid, newPayment, type PaymentInit, savePayment } from './payments';

export const PHONE_OTP = '123456';
export const PHONE_OVER_LIMIT = '010-4000-9987';
export const PHONE_LIMIT_EXCEEDED = '휴대폰 결제 월 한도 초과';
export const OTP_MISMATCH = '인증번호가 일치하지 않습니다.';

export const CARRIER_NAMES: Record<string, string> = {
  SKT: 'SKT',
  KT: 'KT',
  LGT: 'LG U+',
  SKT_MVNO: 'SKT 알뜰폰',
  KT_MVNO: 'KT 알뜰폰',
  LGT_MVNO: 'LG U+ 알뜰폰',
};

export interface PhoneAccount {
  carrier: string;
  /** Digits only. */
  phone: string;
}

export function readCarrier(body: Body): string {
  const carrier = requiredText(body, 'carrier', { max: 20 });
  if (!(CARRIERS as readonly string[]).includes(carrier))
    throw invalid('carrier', `${CARRIERS.join(', ')} 중 하나여야 합니다.`);
  return carrier;
}

/** The phone number typed (or, through the control API, the buyer's when none is given). */
export function readPhoneNumber(body: Body, fallback: string | null = null): string {
  const typed = optionalText(body, 'phone', { max: 20 }) ?? fallback;
  if (typed === null) throw invalid('phone', '필수 항목입니다.');
  const digits = normalisePhone(typed);
  if (digits === null) throw invalid('phone', '휴대폰 번호 형식이 아닙니다 (예: 010-1234-5678).');
  return digits;
}

/** The code the tester typed; the control API may leave it out (the code is known). */
export function checkOtp(body: Body, required: boolean): void {
  const otp = required ? requiredText(body, 'otp', { max: 10 }) : optionalText(body, 'otp', { max: 10 });
  if (otp !== null && otp !== PHONE_OTP) throw invalid('otp', OTP_MISMATCH);
}

export function completePhonePayment(
  core: Emulator,
  merchantCode: string,
  init: PaymentInit,
  account: PhoneAccount,
): PaymentRecord {
  const started = newPayment(core, merchantCode, init);
  const now = core.now(merchantCode);
  const overLimit = account.phone === PHONE_OVER_LIMIT.replaceAll('-', '');
  return savePayment(core, overLimit ? asFailed(started, now, PHONE_LIMIT_EXCEEDED) : asPaid(started, now));
}
