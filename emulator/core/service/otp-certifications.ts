// Certification by REST (POST /certifications/otp/request, …/confirm/{imp_uid}): the merchant's
// server sends the person's details, the service texts a six-digit code to the phone (the control
// API shows it, as the phone would), and the code sent back within 3 minutes makes the request a
// certification like a window's. Five wrong codes end the request; a confirmed one is answered
// with 400 when confirmed again.

import type { Emulator } from '../emulator';
import type { CertificationRecord, OtpRequestRecord } from '../store/records';
import { invalid, notFound } from '../wire/errors';
import { type Body, optionalFlag, optionalText, requiredText } from '../wire/fields';
import { normalisePhone, readBirthday, readName, saveCertification } from './certifications';
import { newMerchantUid, newOtp } from './ids';
import { freshImpUid } from './payments';

export const OTP_LIFETIME = 180;
export const OTP_ATTEMPTS = 5;

/** YYMMDD plus the first digit of the registration number's second half → the birth date and who. */
export function readPersonDigits(body: Body, now: number) {
  const birth = requiredText(body, 'birth', { max: 10, pattern: /^\d{2}\D?\d{2}\D?\d{2}$/, format: 'YYMMDD' });
  const digit = Number(requiredText(body, 'gender_digit', { pattern: /^[1-8]$/, format: '1~8' }));
  const digits = birth.replace(/\D/g, '');
  const [yy, mm, dd] = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 6)];
  // 1, 2 (5, 6 for foreigners): born in the 1900s; 3, 4 (7, 8): in the 2000s. Odd digits are men.
  const century = [1, 2, 5, 6].includes(digit) ? '19' : '20';
  const birthday = readBirthday({ birthday: `${century}${yy}-${mm}-${dd}` }, now);
  return { birthday, gender: digit % 2 === 1 ? ('male' as const) : ('female' as const), foreigner: digit >= 5 };
}

export function requestOtp(core: Emulator, merchantCode: string, body: Body): { imp_uid: string } {
  const now = core.now(merchantCode);
  const name = readName(body);
  const phone = normalisePhone(requiredText(body, 'phone', { max: 20 }));
  if (phone === null) throw invalid('phone', '휴대폰 번호 형식이 아닙니다 (예: 010-1234-5678).');
  const person = readPersonDigits(body, now);
  const carrier = requiredText(body, 'carrier', { pattern: /^(SKT|KT|LGT)$/, format: 'SKT, KT, LGT' });
  const mvno = optionalFlag(body, 'is_mvno') ?? false;
  const request = core.store.otps.put({
    merchant_code: merchantCode,
    imp_uid: freshImpUid(core),
    merchant_uid: optionalText(body, 'merchant_uid', { max: 40 }) ?? newMerchantUid('cert'),
    name,
    ...person,
    phone,
    carrier: mvno ? `${carrier}_MVNO` : carrier,
    company: optionalText(body, 'company', { max: 200 }),
    otp: newOtp(),
    requested_at: now,
    expires_at: now + OTP_LIFETIME,
    failures: 0,
  });
  return { imp_uid: request.imp_uid };
}

/** The request as the control API shows it: the code the phone received. */
export function otpMessage(core: Emulator, impUid: string) {
  const request = core.store.otps.get(impUid);
  if (!request) throw notFound(`인증번호를 기다리는 요청이 아닙니다: ${impUid}`);
  const { merchant_code, imp_uid, phone, otp, expires_at, failures } = request;
  const text = `[본인인증] 인증번호 [${otp}]를 입력해 주세요. (${request.company ?? merchant_code})`;
  return { merchant_code, imp_uid, phone, otp, text, expires_at, failures };
}

export function confirmOtp(core: Emulator, merchantCode: string, impUid: string, body: Body): CertificationRecord {
  const request = core.store.otps.get(impUid);
  if (!request || request.merchant_code !== merchantCode) {
    const done = core.store.certifications.get(impUid);
    if (done?.merchant_code === merchantCode) throw invalid('imp_uid', '이미 인증처리가 완료된 건입니다.');
    throw notFound('본인인증 요청건이 존재하지 않습니다.');
  }
  const otp = requiredText(body, 'otp', { max: 10 });
  if (core.now(merchantCode) > request.expires_at)
    throw invalid('otp', '인증번호 입력시간이 지났습니다. 본인인증을 다시 요청하세요.');
  if (otp !== request.otp) return wrongCode(core, request);
  core.store.otps.delete(impUid);
  const { merchant_uid, name, gender, birthday, foreigner, phone, carrier, company } = request;
  const person = { imp_uid: impUid, merchant_uid, name, gender, birthday, foreigner, phone, carrier, origin: company };
  return saveCertification(core, merchantCode, person, true);
}

function wrongCode(core: Emulator, request: OtpRequestRecord): never {
  const failures = request.failures + 1;
  if (failures >= OTP_ATTEMPTS) {
    core.store.otps.delete(request.imp_uid);
    throw invalid('otp', `인증번호가 ${OTP_ATTEMPTS}회 틀렸습니다. 본인인증을 다시 요청하세요.`);
  }
  core.store.otps.patch(request.imp_uid, { failures });
  throw invalid('otp', `인증번호가 일치하지 않습니다 (${failures}/${OTP_ATTEMPTS}).`);
}
