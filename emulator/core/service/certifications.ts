// Identity certification, as a completed certification window leaves it. unique_key (CI) is
// derived from the phone number alone, so the same phone is the same person at every merchant;
// unique_in_site (DI) from phone + merchant. A person younger than min_age is not certified:
// the record is still created, with certified false, and the window reports failure.
import { createHash } from 'node:crypto';
import type { Emulator } from '../emulator';
import type { CertificationRecord } from '../store/records';
import { kstDate } from '../time/clock';
import { invalid, notFound } from '../wire/errors';
import { type Body, optionalInteger, optionalText, problemsOf, requiredText } from '../wire/fields';
import { newMerchantUid, newPgTid } from './ids';
import { freshImpUid } from './payments';

export const CARRIERS = ['SKT', 'KT', 'LGT', 'SKT_MVNO', 'KT_MVNO', 'LGT_MVNO'] as const;
const NOT_FOUND = '인증결과가 존재하지 않습니다.';

/** Digits of a Korean mobile number; `+82 10-…` and `010-…` are the same phone. */
export function normalisePhone(phone: string): string | null {
  let digits = phone.replace(/[\s.\-()]/g, '');
  if (digits.startsWith('+82')) digits = `0${digits.slice(3)}`;
  return /^01\d{8,9}$/.test(digits) ? digits : null;
}

/** Full (international) age on the virtual clock's date in Korea. */
export function ageOn(birthday: string, now: number): number {
  const [year = 0, month = 0, day = 0] = birthday.split('-').map(Number);
  const today = kstDate(now);
  const hadBirthday = today.month > month || (today.month === month && today.day >= day);
  return today.year - year - (hadBirthday ? 0 : 1);
}

export const uniqueKey = (phone: string) => createHash('sha512').update(`emulator-ci:${phone}`).digest('base64');
export const uniqueInSite = (phone: string, merchantCode: string) =>
  createHash('sha256').update(`emulator-di:${merchantCode}:${phone}`).digest('hex');

export function readBirthday(body: Body, now: number): string {
  const birthday = requiredText(body, 'birthday', { pattern: /^\d{4}-\d{2}-\d{2}$/, format: 'YYYY-MM-DD' });
  const date = new Date(`${birthday}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== birthday) {
    throw invalid('birthday', '존재하지 않는 날짜입니다.');
  }
  if (ageOn(birthday, now) < 0) throw invalid('birthday', '미래의 날짜입니다.');
  return birthday;
}

export interface CertificationResult {
  certification: CertificationRecord;
  /** Why certification failed (the window's error_msg), or null when certified. */
  error: string | null;
}

export const readName = (body: Body) => requiredText(body, 'name', { max: 30 });
const readGender = (body: Body) =>
  requiredText(body, 'gender', { pattern: /^(male|female)$/, format: 'male | female' });
export function readPhone(body: Body): string {
  const phone = normalisePhone(requiredText(body, 'phone', { max: 20 }));
  if (phone === null) throw invalid('phone', '휴대폰 번호 형식이 아닙니다 (예: 010-1234-5678).');
  return phone;
}
const readCarrier = (body: Body) =>
  requiredText(body, 'carrier', { pattern: new RegExp(`^(${CARRIERS.join('|')})$`), format: CARRIERS.join(', ') });

/** Every problem of a person's fields at once (the certification window lists them together). */
export const personProblems = (body: Body, now: number): string[] =>
  problemsOf([
    () => readName(body),
    () => readBirthday(body, now),
    () => readGender(body),
    () => readPhone(body),
    () => readCarrier(body),
  ]);

/** Who was certified: what a window's form or an OTP request collected. */
export type Person = Pick<
  CertificationRecord,
  'imp_uid' | 'merchant_uid' | 'name' | 'gender' | 'birthday' | 'foreigner' | 'phone' | 'carrier' | 'origin'
>;

/** Stores a certification (certified or not); CI and DI follow from the phone, as everywhere. */
export function saveCertification(core: Emulator, merchantCode: string, person: Person, certified: boolean) {
  return core.store.certifications.put({
    merchant_code: merchantCode,
    ...person,
    pg_tid: newPgTid(),
    pg_provider: 'danal',
    certified,
    certified_at: certified ? core.now(merchantCode) : 0,
    unique_key: uniqueKey(person.phone),
    unique_in_site: uniqueInSite(person.phone, merchantCode),
  });
}

export function certify(core: Emulator, merchantCode: string, body: Body): CertificationResult {
  const now = core.now(merchantCode);
  const name = readName(body);
  const birthday = readBirthday(body, now);
  const gender = readGender(body);
  const phone = readPhone(body);
  const carrier = readCarrier(body);
  const minAge = optionalInteger(body, 'min_age');
  const tooYoung = minAge !== null && ageOn(birthday, now) < minAge;
  const person: Person = {
    imp_uid: freshImpUid(core),
    merchant_uid: optionalText(body, 'merchant_uid', { max: 40 }) ?? newMerchantUid('cert'),
    name,
    gender: gender as 'male' | 'female',
    birthday,
    foreigner: body.foreigner === true || body.foreigner === 'true',
    phone,
    carrier,
    origin: optionalText(body, 'origin', { max: 2000 }) ?? optionalText(body, 'company', { max: 200 }),
  };
  const certification = saveCertification(core, merchantCode, person, !tooYoung);
  return { certification, error: tooYoung ? `만 ${minAge}세 이상만 본인인증할 수 있습니다.` : null };
}

/** The `rsp` an IMP.certification callback receives. */
export function certificationCallback({ certification, error }: CertificationResult) {
  return {
    success: error === null,
    error_code: error === null ? null : 'UNDER_MIN_AGE',
    error_msg: error,
    imp_uid: certification.imp_uid,
    merchant_uid: certification.merchant_uid,
  };
}

export function getCertification(core: Emulator, merchantCode: string, impUid: string): CertificationRecord {
  const certification = core.store.certifications.get(impUid);
  if (!certification || certification.merchant_code !== merchantCode) throw notFound(NOT_FOUND);
  return certification;
}

export function deleteCertification(core: Emulator, merchantCode: string, impUid: string): CertificationRecord {
  const certification = getCertification(core, merchantCode, impUid);
  core.store.certifications.delete(impUid);
  return certification;
}
