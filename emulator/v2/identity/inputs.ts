// Readers for the V2 identity-verification bodies: every problem is INVALID_REQUEST naming the
// field (V1's readers are reused where the rule is the same, and their message kept).
import { normalisePhone } from '../../core/service/certifications';
import { readPersonDigits } from '../../core/service/otp-certifications';
import type { V2RequestedCustomer } from '../../core/store/v2-identity-records';
import { ServiceError } from '../../core/wire/errors';
import type { Body } from '../../core/wire/fields';
import { invalidRequest } from '../errors';
import type { Person } from './verifications';

const OPERATOR_VALUES = ['SKT', 'KT', 'LGU', 'SKT_MVNO', 'KT_MVNO', 'LGU_MVNO'];

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function objectField(body: Body, field: string, required: boolean): Body | null {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw invalidRequest(`${field}: 필수 항목입니다.`);
    return null;
  }
  if (!isObject(value)) throw invalidRequest(`${field}: 객체여야 합니다.`);
  return value;
}

export function textField(body: Body, field: string, opts: { required?: boolean; max?: number } = {}): string | null {
  const value = body[field];
  if (value === undefined || value === null || value === '') {
    if (opts.required) throw invalidRequest(`${field}: 필수 항목입니다.`);
    return null;
  }
  if (typeof value !== 'string') throw invalidRequest(`${field}: 문자열이어야 합니다.`);
  if (value.length > (opts.max ?? 200))
    throw invalidRequest(`${field}: 최대 ${opts.max ?? 200}자까지 입력할 수 있습니다.`);
  return value;
}

/** V1's readers throw ServiceError naming the field; here the same message is INVALID_REQUEST. */
function asV2<T>(read: () => T, prefix = ''): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof ServiceError && error.status === 400) throw invalidRequest(`${prefix}${error.message}`);
    throw error;
  }
}

function readPhoneNumber(value: string, field: string): string {
  const phone = normalisePhone(value);
  if (phone === null) throw invalidRequest(`${field}: 휴대폰 번호 형식이 아닙니다 (예: 010-1234-5678).`);
  return phone;
}

/** customer of a window request (the SDK's Customer): what the window pre-fills and the record keeps. */
export function requestedCustomerOf(customer: Body | null): V2RequestedCustomer {
  if (!customer) return {};
  const pick = (field: string, max = 100) => textField(customer, field, { max }) ?? undefined;
  const entries = {
    id: pick('customerId'),
    name: pick('fullName') ?? ([pick('lastName'), pick('firstName')].filter(Boolean).join('') || undefined),
    phoneNumber: pick('phoneNumber', 20),
    birthYear: pick('birthYear', 4),
    birthMonth: pick('birthMonth', 2),
    birthDay: pick('birthDay', 2),
  };
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v)) as V2RequestedCustomer;
}

/**
 * The person of a send body: name, phone, the operator and the identity number's first seven
 * digits (YYMMDD and the digit that says century and gender), which the emulator needs for the
 * birth date and gender it reports.
 */
export function personOfSend(body: Body, now: number): Person {
  const customer = objectField(body, 'customer', true) as Body;
  const name = textField(customer, 'name', { required: true, max: 30 }) as string;
  const phone = readPhoneNumber(
    textField(customer, 'phoneNumber', { required: true, max: 20 }) as string,
    'customer.phoneNumber',
  );
  textField(customer, 'ipAddress', { required: true, max: 64 });
  const identity = textField(customer, 'identityNumber', { max: 20 });
  if (identity === null || !/^\d{6}-?\d/.test(identity))
    throw invalidRequest('customer.identityNumber: 주민등록번호 앞 7자리(YYMMDD + 성별 숫자)가 필요합니다.');
  const digits = identity.replace('-', '');
  const person = asV2(
    () => readPersonDigits({ birth: digits.slice(0, 6), gender_digit: digits[6] }, now),
    'customer.identityNumber: ',
  );
  const operator = textField(body, 'operator', { required: true, max: 20 }) as string;
  if (!OPERATOR_VALUES.includes(operator))
    throw invalidRequest(`operator: ${OPERATOR_VALUES.join(', ')} 중 하나여야 합니다.`);
  return {
    name,
    birth_date: person.birthday,
    gender: person.gender === 'male' ? 'MALE' : 'FEMALE',
    phone,
    operator,
    is_foreigner: person.foreigner,
  };
}
