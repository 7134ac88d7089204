// Billing keys under merchant-chosen customer_uids: one card per customer_uid; registering again
// replaces the card (and restarts its charge count). A refused card changes nothing. Deleting a
// key revokes its schedules too, so it lives in billing-key-deletion.ts, above both.

import type { Emulator } from '../emulator';
import type { BillingKeyRecord, Buyer, CustomerFields } from '../store/records';
import { scoped } from '../store/store';
import { notFound, refused } from '../wire/errors';
import { type Body, optionalText, requiredText } from '../wire/fields';
import type { Pg } from '../wire/order';
import type { EnteredCard } from './card-input';
import { isTestChannel } from './channels';
import type { ChargeResult } from './charge';
import { type CardProfile, registrationRefusal } from './test-cards';

export const ISSUE_FAILED = '카드정보 인증 및 빌키 발급에 실패하였습니다.';
export const UNKNOWN_CUSTOMER = '등록되지 않은 구매자입니다.';

export const customerUidField = (body: Body) => requiredText(body, 'customer_uid', { max: 80 });

export function customerFields(body: Body): CustomerFields {
  return {
    customer_name: optionalText(body, 'customer_name', { max: 20 }),
    customer_tel: optionalText(body, 'customer_tel', { max: 20 }),
    customer_email: optionalText(body, 'customer_email', { max: 200 }),
    customer_addr: optionalText(body, 'customer_addr', { max: 200 }),
    customer_postcode: optionalText(body, 'customer_postcode', { max: 8 }),
  };
}

/** A key issued along with a payment takes the buyer's details (their limits fit the customer's). */
export const buyerAsCustomer = (buyer: Buyer): CustomerFields => ({
  customer_name: buyer.buyer_name,
  customer_tel: buyer.buyer_tel,
  customer_email: buyer.buyer_email,
  customer_addr: buyer.buyer_addr,
  customer_postcode: buyer.buyer_postcode,
});

/** Issues (or replaces) the billing key; a card the issuer refuses throws code -1 and stores nothing. */
export function issueBillingKey(
  core: Emulator,
  merchantCode: string,
  customerUid: string,
  card: EnteredCard,
  fields: CustomerFields,
  pg: Pg,
): BillingKeyRecord {
  const refusal = registrationRefusal(card.profile.behaviour);
  if (refusal) throw refused(`${ISSUE_FAILED} ${refusal}`);
  return putKey(core, merchantCode, customerUid, pg, { card: card.profile, expires_at: card.expires_at, ...fields });
}

/** Issues (or replaces) a wallet's key: the account behind it instead of a card (wallets.ts). */
export function issueWalletKey(
  core: Emulator,
  merchantCode: string,
  customerUid: string,
  account: CardProfile,
  fields: CustomerFields,
  pg: Pg,
): BillingKeyRecord {
  return putKey(core, merchantCode, customerUid, pg, { card: account, wallet: pg.pg_provider, ...fields });
}

function putKey(
  core: Emulator,
  merchantCode: string,
  customerUid: string,
  pg: Pg,
  held: Pick<BillingKeyRecord, 'card' | 'expires_at' | 'wallet'> & CustomerFields,
): BillingKeyRecord {
  const now = core.now(merchantCode);
  const previous = findBillingKey(core, merchantCode, customerUid);
  return core.store.billingKeys.put({
    merchant_code: merchantCode,
    customer_uid: customerUid,
    pg_provider: pg.pg_provider,
    pg_id: pg.pg_id,
    ...held,
    charges: 0,
    inserted: previous?.inserted ?? now,
    updated: now,
    ...(isTestChannel(core, merchantCode, pg) ? { sandbox: true } : {}),
  });
}

/**
 * Issuance together with a first charge (onetime, a payment window with an amount): the key is
 * issued, its first charge counted, only when the issuer answered the charge — approved, or
 * declined (code 0: the card is good, `again` may retry). A refused card or an unreachable issuer
 * answers a refusal, so it leaves no key and any earlier card under customer_uid as it was.
 */
export function issueWithCharge(
  core: Emulator,
  merchantCode: string,
  customerUid: string,
  card: EnteredCard,
  fields: CustomerFields,
  pg: Pg,
  charge: ChargeResult,
): void {
  if (charge.outcome !== 'paid' && charge.outcome !== 'declined') return;
  countCharge(core, issueBillingKey(core, merchantCode, customerUid, card, fields, pg));
}

/** The key's card as the issuer sees it now: once its expiry month is over, refused like 0069. */
export function keyCard(core: Emulator, key: BillingKeyRecord): CardProfile {
  const expired = key.expires_at !== undefined && core.now(key.merchant_code) >= key.expires_at;
  return expired ? { ...key.card, behaviour: 'expired' } : key.card;
}

export function findBillingKey(
  core: Emulator,
  merchantCode: string,
  customerUid: string,
): BillingKeyRecord | undefined {
  return core.store.billingKeys.get(scoped(merchantCode, customerUid));
}

export function getBillingKey(core: Emulator, merchantCode: string, customerUid: string): BillingKeyRecord {
  const key = findBillingKey(core, merchantCode, customerUid);
  if (!key) throw notFound(UNKNOWN_CUSTOMER);
  return key;
}

/** Records one more charge attempt that reached the issuer. */
export function countCharge(core: Emulator, key: BillingKeyRecord): void {
  core.store.billingKeys.patch(scoped(key.merchant_code, key.customer_uid), { charges: key.charges + 1 });
}
