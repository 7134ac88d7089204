// What the V2 hosted windows (helper v2-browser's pages under /v2/… of the V1 listener) call, in
// process, when the customer submits: pay a payment id with a card or a wallet, issue a billing
// key, or issue one and pay with it. Each answers the outcome; the webhooks are already sent.
//
//   payInWindow(core, merchantCode, { channelKey, request, means })             → V2ChargeResult
//   issueBillingKeyInWindow(core, merchantCode, { channelKey, customer, customData, means }) → V2IssueResult
//   issueAndPayInWindow(core, merchantCode, { channelKey, request, means })      → { issue, payment? }
//
// `means` is `{ card: { number, expiryYear, expiryMonth } }` for a card channel or `{ phone }` for
// an EASY_PAY (wallet) channel; the test cards and wallet phones of DESIGN.md decide. A bad field
// or unknown channel throws V2Error (INVALID_REQUEST, CHANNEL_NOT_FOUND); a paid payment id throws
// ALREADY_PAID.

import type { Emulator } from '../../core/emulator';
import { walletProfile } from '../../core/service/wallets';
import type { V2Customer } from '../../core/store/v2-records';
import type { MerchantV2 } from '../../merchants';
import { forbiddenV2 } from '../errors';
import { issueCardBillingKey, issueWalletBillingKey, type V2IssueResult } from './billing-keys';
import type { CardCredential } from './cards';
import { enterCard } from './cards';
import { channelFor, walletOfChannel } from './channels';
import { chargeBillingKey } from './key-payments';
import {
  assertPayable,
  chargeCardPayment,
  chargeWalletPayment,
  readyPayment,
  type V2ChargeResult,
  type V2PaymentRequest,
} from './payments';

export type WindowMeans = { card: CardCredential } | { phone: string };

/** The payment as the window's request gives it (the merchant and store come from the page's storeId). */
export type WindowPayment = Omit<V2PaymentRequest, 'merchantCode' | 'storeId'>;

function storeOf(core: Emulator, merchantCode: string): MerchantV2 {
  const v2 = core.merchant(merchantCode)?.v2;
  if (!v2) throw forbiddenV2(`V2 상점이 없는 가맹점입니다: ${merchantCode}`);
  return v2;
}

/** The merchant whose V2 store has this id (the browser SDK's `storeId`), or null. */
export function merchantOfStore(core: Emulator, storeId: string): string | null {
  return core.merchants().find((m) => m.v2?.store_id === storeId)?.code ?? null;
}

export function payInWindow(
  core: Emulator,
  merchantCode: string,
  input: { channelKey: string | null; request: WindowPayment; means: WindowMeans },
): V2ChargeResult {
  const v2 = storeOf(core, merchantCode);
  const wallet = 'phone' in input.means;
  const channel = channelFor(v2, input.channelKey, wallet ? 'EASY_PAY' : 'CARD');
  const request: V2PaymentRequest = { platform: 'PC', ...input.request, merchantCode, storeId: v2.store_id };
  assertPayable(core, request);
  const ready = readyPayment(core, request, channel);
  if ('phone' in input.means) {
    const provider = walletOfChannel(channel) ?? channel.pg_provider;
    const account = walletProfile('kakaopay', input.means.phone.replace(/\D/g, ''));
    return chargeWalletPayment(core, ready, provider, account);
  }
  return chargeCardPayment(core, ready, enterCard(input.means.card, core.now(merchantCode)).profile, 0);
}

export function issueBillingKeyInWindow(
  core: Emulator,
  merchantCode: string,
  input: { channelKey: string | null; customer?: V2Customer; customData?: string | null; means: WindowMeans },
): V2IssueResult {
  const v2 = storeOf(core, merchantCode);
  const wallet = 'phone' in input.means;
  const channel = channelFor(v2, input.channelKey, wallet ? 'EASY_PAY' : 'CARD');
  const issue = { merchantCode, storeId: v2.store_id, channel, customer: input.customer, customData: input.customData };
  return 'phone' in input.means
    ? issueWalletBillingKey(core, issue, input.means.phone)
    : issueCardBillingKey(core, issue, input.means.card);
}

/** Issues a key, then charges it for the request (nothing is charged when issuance fails). */
export function issueAndPayInWindow(
  core: Emulator,
  merchantCode: string,
  input: { channelKey: string | null; request: WindowPayment; means: WindowMeans },
): { issue: V2IssueResult; payment: V2ChargeResult | null } {
  const v2 = storeOf(core, merchantCode);
  assertPayable(core, { ...input.request, merchantCode, storeId: v2.store_id });
  const issue = issueBillingKeyInWindow(core, merchantCode, { ...input, customer: input.request.customer });
  if (issue.status !== 'ISSUED') return { issue, payment: null };
  const request = { platform: 'PC' as const, ...input.request, merchantCode, storeId: v2.store_id };
  return { issue, payment: chargeBillingKey(core, v2, issue.billingKey, request) };
}
