// Non-authenticated (API) payments: `again` with a billing key, `onetime` with key-in card data
// (optionally issuing a billing key under customer_uid with it). A decline is code 0 with status
// failed; a refused card is code -1 with a failed record; an unreachable issuer is code -1 and
// leaves nothing behind. A card past its expiry month is refused, at entry and behind a key.

import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { refused, rejected } from '../wire/errors';
import { type Body, optionalInteger, optionalText } from '../wire/fields';
import { readOrder, resolvePg } from '../wire/order';
import {
  buyerAsCustomer,
  countCharge,
  customerUidField,
  findBillingKey,
  ISSUE_FAILED,
  issueWithCharge,
  UNKNOWN_CUSTOMER,
} from './billing-keys';
import { readCard } from './card-input';
import { type ChargeResult, chargeCard } from './charge';
import { chargeKey } from './key-charge';
import { assertNotPaid } from './payments';
import { assertCardPg } from './wallets';

/** A refused key-in payment without customer_uid, in the real service's words. */
const KEY_IN_FAILED = '카드정보 인증에 실패하였습니다.';

/** A charge's REST answer: the payment (paid or failed), or the card network's refusal. */
function reported(result: ChargeResult, prefix: string): PaymentRecord {
  if (result.outcome === 'refused' || result.outcome === 'unreachable') throw refused(`${prefix} ${result.reason}`);
  return result.payment;
}

/** `again` checks the customer first, as the real service does (an unknown one is code 1 even without `name`). */
export function payAgain(core: Emulator, merchantCode: string, body: Body): PaymentRecord {
  const customerUid = customerUidField(body);
  const key = findBillingKey(core, merchantCode, customerUid);
  if (!key) throw rejected(UNKNOWN_CUSTOMER);
  const order = readOrder(body, { nameRequired: true });
  const cardQuota = optionalInteger(body, 'card_quota') ?? 0;
  assertNotPaid(core, merchantCode, order.merchant_uid);
  const result = chargeKey(core, key, {
    order,
    channel: 'api',
    customer_uid: customerUid,
    customer_uid_usage: 'payment',
    card_quota: cardQuota,
    sandbox: key.sandbox === true,
  });
  if (result.outcome !== 'unreachable') countCharge(core, key);
  return reported(result, '카드 승인에 실패하였습니다.');
}

export function payOnetime(core: Emulator, merchantCode: string, body: Body): PaymentRecord {
  const order = readOrder(body);
  const card = readCard(body, core.now(merchantCode));
  const customerUid = optionalText(body, 'customer_uid', { max: 80 });
  const pg = assertCardPg(resolvePg(optionalText(body, 'pg', { max: 80 })));
  const cardQuota = optionalInteger(body, 'card_quota') ?? 0;
  assertNotPaid(core, merchantCode, order.merchant_uid);
  const result = chargeCard(core, merchantCode, card.profile, 0, {
    order,
    pay_method: 'card',
    channel: 'api',
    pg,
    customer_uid: customerUid,
    customer_uid_usage: customerUid === null ? null : 'issue',
    card_quota: cardQuota,
  });
  if (customerUid !== null) issueWithCharge(core, merchantCode, customerUid, card, buyerAsCustomer(order), pg, result);
  return reported(result, customerUid === null ? KEY_IN_FAILED : ISSUE_FAILED);
}
