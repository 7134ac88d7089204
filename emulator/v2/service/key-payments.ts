// A charge of a V2 billing key (POST /payments/{id}/billing-key, scheduled payments, issue-and-pay):
// on the key's channel, counted on the key (the 0341 card approves only its first charge).
import type { Emulator } from '../../core/emulator';
import type { V2BillingKeyRecord } from '../../core/store/v2-records';
import type { MerchantV2 } from '../../merchants';
import { channelNotFound } from '../errors';
import { keyProfile } from './billing-keys';
import {
  assertPayable,
  chargeCardPayment,
  chargeWalletPayment,
  readyPayment,
  type V2ChargeResult,
  type V2PaymentRequest,
} from './payments';

export function chargeBillingKey(
  core: Emulator,
  v2: MerchantV2,
  key: V2BillingKeyRecord,
  request: V2PaymentRequest,
): V2ChargeResult {
  assertPayable(core, request);
  const channel = v2.channels.find((c) => c.channel_key === key.channel_key);
  if (!channel) throw channelNotFound(`빌링키의 채널이 없습니다: ${key.channel_key}`);
  const ready = readyPayment(core, { ...request, billingKey: key.billing_key }, channel);
  core.store.v2BillingKeys.put({ ...key, charges: key.charges + 1 });
  const silent = request.skipWebhook === true;
  return key.wallet
    ? chargeWalletPayment(core, ready, key.wallet, key.card, silent)
    : chargeCardPayment(core, ready, keyProfile(core, key), key.charges, silent);
}
