// PortOne V2 identity verification: the merchant names it, then either a browser window
// (requestIdentityVerification: open, then the tester's person) or its server (send a code to the
// phone, confirm it: otp.ts) verifies it. The person rules are V1's certification's: ci from the phone
// alone (the same phone is the same person everywhere, in V1 and V2), di from the phone and the
// merchant, a person younger than the request's age limit fails.
import { randomUUID } from 'node:crypto';
import type { Emulator } from '../../core/emulator';
import { ageOn, uniqueInSite, uniqueKey } from '../../core/service/certifications';
import { newPgTid } from '../../core/service/ids';
import { scoped } from '../../core/store/store';
import type {
  V2IdentityVerificationRecord,
  V2RequestedCustomer,
  V2VerifiedPerson,
} from '../../core/store/v2-identity-records';
import type { Merchant } from '../../merchants';
import { forbiddenV2, invalidRequest, V2Error } from '../errors';
import { channelOf } from './store-channels';

/** V1's carrier codes (the certification window's) and V2's operators. */
const OPERATORS: Record<string, string> = {
  SKT: 'SKT',
  KT: 'KT',
  LGT: 'LGU',
  SKT_MVNO: 'SKT_MVNO',
  KT_MVNO: 'KT_MVNO',
  LGT_MVNO: 'LGU_MVNO',
};
export const operatorOf = (carrier: string) => OPERATORS[carrier] ?? carrier;

export type Person = Omit<V2VerifiedPerson, 'ci' | 'di'>;

const notFound = (id: string) =>
  new V2Error(404, 'IDENTITY_VERIFICATION_NOT_FOUND', `본인인증 건이 존재하지 않습니다: ${id}`);
export const alreadyVerified = () =>
  new V2Error(409, 'IDENTITY_VERIFICATION_ALREADY_VERIFIED', '이미 인증이 완료된 본인인증 건입니다.');

const newTxId = () => randomUUID();

export function findVerification(core: Emulator, merchantCode: string, id: string) {
  return core.store.v2IdentityVerifications.get(scoped(merchantCode, id));
}

export function getVerification(core: Emulator, merchantCode: string, id: string): V2IdentityVerificationRecord {
  const record = findVerification(core, merchantCode, id);
  if (!record) throw notFound(id);
  return record;
}

export interface VerificationRequest {
  id: string;
  channelKey: string;
  customer: V2RequestedCustomer;
  customData: string | null;
  minAge: number | null;
}

/**
 * A verification attempt starts (a window opens, or a code is sent): the record is READY with a new
 * attempt id; a verified one cannot be verified again.
 */
export function startVerification(
  core: Emulator,
  merchant: Merchant,
  request: VerificationRequest,
): V2IdentityVerificationRecord {
  const store = merchant.v2;
  if (!store) throw forbiddenV2('V2 상점이 없는 가맹점입니다.');
  const channel = channelOf(merchant, request.channelKey);
  const existing = findVerification(core, merchant.code, request.id);
  if (existing?.status === 'VERIFIED') throw alreadyVerified();
  const now = core.now(merchant.code);
  return core.store.v2IdentityVerifications.put({
    merchant_code: merchant.code,
    seq: existing?.seq ?? core.store.nextSeq(),
    id: request.id,
    tx_id: newTxId(),
    store_id: store.store_id,
    channel_key: channel.channel_key,
    pg_provider: channel.pg_provider,
    status: 'READY',
    requested_customer: request.customer,
    verified: null,
    custom_data: request.customData,
    min_age: request.minAge,
    sent: null,
    pg_tx_id: null,
    failure: null,
    requested_at: existing?.requested_at ?? now,
    updated_at: now,
    status_changed_at: existing?.status === 'READY' ? existing.status_changed_at : now,
    verified_at: 0,
  });
}

/** The person verified (a window's form, a confirmed code): VERIFIED, or FAILED under the age limit. */
export function verifyPerson(core: Emulator, record: V2IdentityVerificationRecord, person: Person) {
  if (record.status === 'VERIFIED') throw alreadyVerified();
  const now = core.now(record.merchant_code);
  const tooYoung = record.min_age !== null && ageOn(person.birth_date, now) < record.min_age;
  const common = { ...record, sent: null, pg_tx_id: newPgTid(), updated_at: now, status_changed_at: now };
  if (tooYoung) {
    const message = `만 ${record.min_age}세 이상만 본인인증할 수 있습니다.`;
    return core.store.v2IdentityVerifications.put({
      ...common,
      status: 'FAILED',
      failure: { reason: message, pg_code: 'AGE_LIMIT', pg_message: message },
    });
  }
  const verified: V2VerifiedPerson = {
    ...person,
    ci: uniqueKey(person.phone),
    di: uniqueInSite(person.phone, record.merchant_code),
  };
  return core.store.v2IdentityVerifications.put({
    ...common,
    status: 'VERIFIED',
    verified,
    failure: null,
    verified_at: now,
  });
}

/** An identityVerificationId as the path names it. */
export function checkedId(id: string): string {
  if (!id || id.length > 200) throw invalidRequest('identityVerificationId: 1~200자여야 합니다.');
  return id;
}
