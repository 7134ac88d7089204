// V2 billing keys: the service names them (`billing-key-…`). A card's key keeps its test-card
// behaviour and expiry (refused cards are not issued, as in V1); a wallet's keeps the account's.
import { randomUUID } from 'node:crypto';
import type { Emulator } from '../../core/emulator';
import { registrationRefusal } from '../../core/service/test-cards';
import { walletIssues, walletProfile } from '../../core/service/wallets';
import type { CardProfile } from '../../core/store/card-profile';
import type { V2BillingKeyRecord, V2Customer, V2PendingPayment } from '../../core/store/v2-records';
import type { V2Channel } from '../../merchants';
import { billingKeyNotFound, pgProviderError, V2Error } from '../errors';
import { type CardCredential, enterCard } from './cards';
import { sendV2Event } from './events';

export interface V2IssueRequest {
  merchantCode: string;
  storeId: string;
  channel: V2Channel;
  customer?: V2Customer;
  customData?: string | null;
}

export type V2IssueResult =
  | { status: 'ISSUED'; billingKey: V2BillingKeyRecord }
  | { status: 'FAILED'; pgCode: string; pgMessage: string };

export function findBillingKey(core: Emulator, merchantCode: string, key: string): V2BillingKeyRecord | undefined {
  const record = core.store.v2BillingKeys.get(key);
  return record?.merchant_code === merchantCode ? record : undefined;
}

/** An issued (or deleted) key; one still waiting for its confirmation is not issued yet. */
export function getBillingKey(core: Emulator, merchantCode: string, key: string): V2BillingKeyRecord {
  const record = findBillingKey(core, merchantCode, key);
  // (The OpenAPI file lets these operations answer only NOT_FOUND for a key not issued yet.)
  if (!record || record.status === 'PENDING') throw billingKeyNotFound(key);
  return record;
}

/** A window's issuance the merchant confirms (POST /billing-keys/confirm[-issue-and-pay]). */
export interface PendingIssue {
  token: string;
  payment?: V2PendingPayment;
}

/** A key that may be charged: issued, not deleted. */
export function usableBillingKey(core: Emulator, merchantCode: string, key: string): V2BillingKeyRecord {
  const record = getBillingKey(core, merchantCode, key);
  if (record.status === 'DELETED')
    throw new V2Error(409, 'BILLING_KEY_ALREADY_DELETED', `이미 삭제된 빌링키입니다: ${key}`);
  return record;
}

function putKey(
  core: Emulator,
  request: V2IssueRequest,
  held: { card: CardProfile; wallet: string | null; expires_at: number | null },
  pending?: PendingIssue,
): V2BillingKeyRecord {
  const now = core.now(request.merchantCode);
  const record = core.store.v2BillingKeys.put({
    merchant_code: request.merchantCode,
    seq: core.store.nextSeq(),
    billing_key: `billing-key-${randomUUID()}`,
    store_id: request.storeId,
    channel_key: request.channel.channel_key,
    pg_provider: request.channel.pg_provider,
    status: pending ? 'PENDING' : 'ISSUED',
    ...(pending ? { issue_token: pending.token } : {}),
    ...(pending?.payment ? { pending_payment: pending.payment } : {}),
    ...held,
    customer: request.customer ?? {},
    custom_data: request.customData ?? null,
    issued_at: now,
    deleted_at: 0,
    charges: 0,
  });
  if (!pending) announceIssued(core, record);
  return record;
}

const announceIssued = (core: Emulator, record: V2BillingKeyRecord) =>
  sendV2Event(core, record.merchant_code, {
    type: 'BillingKey.Issued',
    data: { storeId: record.store_id, billingKey: record.billing_key },
  });

/** Issues the key a window authorized under `token`. */
export function confirmIssue(core: Emulator, merchantCode: string, token: string): V2BillingKeyRecord {
  const pending = core.store.v2BillingKeysByMerchant.get(merchantCode).find((k) => k.issue_token === token);
  if (!pending) throw billingKeyNotFound(`(billingIssueToken ${token.slice(0, 12)}…)`);
  if (pending.status !== 'PENDING')
    throw new V2Error(409, 'BILLING_KEY_ALREADY_ISSUED', `이미 발급된 빌링키입니다: ${pending.billing_key}`);
  const issued = core.store.v2BillingKeys.put({ ...pending, status: 'ISSUED', issued_at: core.now(merchantCode) });
  announceIssued(core, issued);
  return issued;
}

/** Issues a key for a card (API `POST /billing-keys` or a window); a refused card is FAILED. */
export function issueCardBillingKey(
  core: Emulator,
  request: V2IssueRequest,
  card: CardCredential,
  pending?: PendingIssue,
): V2IssueResult {
  const entered = enterCard(card, core.now(request.merchantCode));
  const refusal = registrationRefusal(entered.profile.behaviour);
  if (refusal) {
    sendV2Event(core, request.merchantCode, { type: 'BillingKey.Failed', data: { storeId: request.storeId } });
    return { status: 'FAILED', pgCode: entered.profile.behaviour.toUpperCase(), pgMessage: refusal };
  }
  const held = { card: entered.profile, wallet: null, expires_at: entered.expires_at };
  const billingKey = putKey(core, request, held, pending);
  return { status: 'ISSUED', billingKey };
}

/** Issues a wallet's key (a window of an EASY_PAY channel); `phone` picks the test account. */
export function issueWalletBillingKey(
  core: Emulator,
  request: V2IssueRequest,
  phone: string,
  pending?: PendingIssue,
): V2IssueResult {
  const account = walletProfile('kakaopay', phone.replace(/\D/g, ''));
  const profile = { ...account, card_name: request.channel.pg_provider };
  if (!walletIssues(profile)) {
    sendV2Event(core, request.merchantCode, { type: 'BillingKey.Failed', data: { storeId: request.storeId } });
    return { status: 'FAILED', pgCode: 'REFUSED', pgMessage: '간편결제 빌링키 발급이 거절되었습니다.' };
  }
  const held = { card: profile, wallet: request.channel.pg_provider, expires_at: null };
  const billingKey = putKey(core, request, held, pending);
  return { status: 'ISSUED', billingKey };
}

/** The API's answer to a failed issuance. */
export const issueFailure = (result: Extract<V2IssueResult, { status: 'FAILED' }>) =>
  pgProviderError(result.pgCode, result.pgMessage);

/** Deletes an issued key; one with schedules still pending is refused (revoke them first). */
export function deleteBillingKey(core: Emulator, merchantCode: string, key: string): V2BillingKeyRecord {
  const found = findBillingKey(core, merchantCode, key);
  if (found?.status === 'PENDING')
    throw new V2Error(404, 'BILLING_KEY_NOT_ISSUED', `발급이 완료되지 않은 빌링키입니다: ${key}`);
  const record = usableBillingKey(core, merchantCode, key);
  const pending = core.store.v2SchedulesByKey.get(`${merchantCode}\n${key}`).some((s) => s.status === 'SCHEDULED');
  if (pending)
    throw new V2Error(
      409,
      'PAYMENT_SCHEDULE_ALREADY_EXISTS',
      `예약된 결제가 있는 빌링키입니다. 먼저 예약을 취소하세요: ${key}`,
    );
  const deleted = core.store.v2BillingKeys.put({ ...record, status: 'DELETED', deleted_at: core.now(merchantCode) });
  sendV2Event(core, merchantCode, { type: 'BillingKey.Deleted', data: { storeId: record.store_id, billingKey: key } });
  return deleted;
}

/** The card a key charges now: an expired month turns it into the expired test card. */
export function keyProfile(core: Emulator, key: V2BillingKeyRecord): CardProfile {
  const expired = key.expires_at !== null && core.now(key.merchant_code) >= key.expires_at;
  return expired ? { ...key.card, behaviour: 'expired' } : key.card;
}
