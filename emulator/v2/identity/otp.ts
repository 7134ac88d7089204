// Identity verification by API: POST …/send texts a code to the customer's phone (always 123456,
// as V1's phone payment: testers need no phone), …/confirm checks it within 3 minutes on the
// merchant's clock (a wrong code is the PG's refusal, the fifth ends the attempt), …/resend sends
// it again with 3 new minutes.
import type { Emulator } from '../../core/emulator';
import { PHONE_OTP } from '../../core/service/window-phone';
import type { V2IdentityVerificationRecord } from '../../core/store/v2-identity-records';
import type { Merchant } from '../../merchants';
import { pgProviderError, V2Error } from '../errors';
import {
  alreadyVerified,
  findVerification,
  type Person,
  startVerification,
  type VerificationRequest,
  verifyPerson,
} from './verifications';

const IDENTITY_OTP = PHONE_OTP;
const OTP_LIFETIME = 180;
const OTP_ATTEMPTS = 5;

/** POST /identity-verifications/{id}/send: a READY attempt with a code texted to the phone. */
export function sendCode(
  core: Emulator,
  merchant: Merchant,
  request: VerificationRequest,
  person: Person,
  method: 'SMS' | 'APP',
): V2IdentityVerificationRecord {
  const existing = findVerification(core, merchant.code, request.id);
  if (existing?.status === 'READY' && existing.sent && core.now(merchant.code) <= existing.sent.expires_at)
    throw new V2Error(409, 'IDENTITY_VERIFICATION_ALREADY_SENT', '이미 인증번호를 발송한 본인인증 건입니다.');
  const started = startVerification(core, merchant, request);
  const now = core.now(merchant.code);
  return core.store.v2IdentityVerifications.put({
    ...started,
    sent: { person, method, sent_at: now, expires_at: now + OTP_LIFETIME, failures: 0 },
  });
}

function sentOf(record: V2IdentityVerificationRecord) {
  if (record.status === 'VERIFIED') throw alreadyVerified();
  if (!record.sent)
    throw new V2Error(404, 'IDENTITY_VERIFICATION_NOT_SENT', '인증번호를 발송하지 않은 본인인증 건입니다.');
  return record.sent;
}

const pgFailure = (message: string, pgCode: string) => pgProviderError(pgCode, message);

/**
 * POST /identity-verifications/{id}/confirm: the texted code, within 3 minutes. A wrong code is
 * the PG's refusal; the fifth ends the attempt (FAILED).
 */
export function confirmCode(core: Emulator, record: V2IdentityVerificationRecord, otp: string) {
  const sent = sentOf(record);
  const now = core.now(record.merchant_code);
  if (now > sent.expires_at)
    throw pgFailure('인증번호 입력시간이 지났습니다. 인증번호를 다시 요청하세요.', 'OTP_EXPIRED');
  if (otp !== IDENTITY_OTP) {
    const failures = sent.failures + 1;
    const mismatch = '인증번호가 일치하지 않습니다.';
    if (failures < OTP_ATTEMPTS) {
      core.store.v2IdentityVerifications.put({ ...record, sent: { ...sent, failures }, updated_at: now });
      throw pgFailure(mismatch, 'OTP_MISMATCH');
    }
    const reason = `인증번호를 ${OTP_ATTEMPTS}회 잘못 입력했습니다.`;
    core.store.v2IdentityVerifications.put({
      ...record,
      status: 'FAILED',
      sent: null,
      failure: { reason, pg_code: 'OTP_ATTEMPTS_EXCEEDED', pg_message: reason },
      updated_at: now,
      status_changed_at: now,
    });
    throw pgFailure(reason, 'OTP_ATTEMPTS_EXCEEDED');
  }
  return verifyPerson(core, record, sent.person);
}

/** POST /identity-verifications/{id}/resend: the code again, with a new 3 minutes. */
export function resendCode(core: Emulator, record: V2IdentityVerificationRecord) {
  const sent = sentOf(record);
  const now = core.now(record.merchant_code);
  return core.store.v2IdentityVerifications.put({
    ...record,
    sent: { ...sent, sent_at: now, expires_at: now + OTP_LIFETIME, failures: 0 },
    updated_at: now,
  });
}
