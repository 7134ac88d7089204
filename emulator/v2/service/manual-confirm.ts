// Manual confirmation ("결제 승인 분리"): a window authorizes and hands the page a token; the
// merchant's server then confirms it — POST /payments/{id}/confirm (paymentToken),
// POST /billing-keys/confirm or /billing-keys/confirm-issue-and-pay (billingIssueToken) — and
// only then is the card charged or the key issued. For the windows (v2-browser):
//
//   authorizePaymentInWindow(core, merchantCode, { channelKey, request, means }) → { paymentToken, txId }
//   authorizeBillingKeyInWindow(core, merchantCode, { channelKey, customer, customData, means, payment? })
//     → V2IssueResult & { billingIssueToken? }   (payment: the issue-and-pay window's payment)
import { randomUUID } from 'node:crypto';
import type { Emulator } from '../../core/emulator';
import { walletProfile } from '../../core/service/wallets';
import type { V2Customer, V2PaymentRecord } from '../../core/store/v2-records';
import { alreadyPaid, invalidRequest, V2Error } from '../errors';
import { confirmIssue, issueCardBillingKey, issueWalletBillingKey, type V2IssueResult } from './billing-keys';
import { enterCard } from './cards';
import { channelFor, walletOfChannel } from './channels';
import { chargeBillingKey } from './key-payments';
import {
  assertPayable,
  chargeCardPayment,
  chargeWalletPayment,
  getPayment,
  readyPayment,
  type V2ChargeResult,
  type V2PaymentRequest,
} from './payments';
import type { WindowMeans, WindowPayment } from './windows';

const newToken = () => `tok_${randomUUID().replaceAll('-', '')}`;

function storeOf(core: Emulator, merchantCode: string) {
  const v2 = core.merchant(merchantCode)?.v2;
  if (!v2) throw new V2Error(403, 'FORBIDDEN', `V2 상점이 없는 가맹점입니다: ${merchantCode}`);
  return v2;
}

/** A READY payment holding what to charge; answers the token the page passes to the merchant. */
export function authorizePaymentInWindow(
  core: Emulator,
  merchantCode: string,
  input: { channelKey: string | null; request: WindowPayment; means: WindowMeans },
): { paymentToken: string; txId: string; payment: V2PaymentRecord } {
  const v2 = storeOf(core, merchantCode);
  const wallet = 'phone' in input.means;
  const channel = channelFor(v2, input.channelKey, wallet ? 'EASY_PAY' : 'CARD');
  const request: V2PaymentRequest = { platform: 'PC', ...input.request, merchantCode, storeId: v2.store_id };
  assertPayable(core, request);
  const card =
    'phone' in input.means
      ? walletProfile('kakaopay', input.means.phone.replace(/\D/g, ''))
      : enterCard(input.means.card, core.now(merchantCode)).profile;
  const token = newToken();
  const authorization = { token, card, wallet: wallet ? (walletOfChannel(channel) ?? channel.pg_provider) : null };
  const payment = core.store.v2Payments.put({ ...readyPayment(core, request, channel), authorization });
  return { paymentToken: token, txId: payment.transaction_id, payment };
}

/** Charges an authorized payment (POST /payments/{id}/confirm). */
export function confirmPayment(
  core: Emulator,
  merchantCode: string,
  paymentId: string,
  check: { token: string; txId: string | null; total: number | null; currency: string | null },
): V2ChargeResult {
  const payment = getPayment(core, merchantCode, paymentId);
  if (payment.status !== 'READY' && payment.status !== 'FAILED') throw alreadyPaid(paymentId);
  const authorization = payment.authorization;
  if (!authorization || authorization.token !== check.token)
    throw new V2Error(400, 'INVALID_PAYMENT_TOKEN', '결제 토큰이 올바르지 않습니다.');
  const mismatch =
    (check.txId !== null && check.txId !== payment.transaction_id) ||
    (check.total !== null && check.total !== payment.total) ||
    (check.currency !== null && check.currency !== payment.currency);
  if (mismatch) throw new V2Error(409, 'INFORMATION_MISMATCH', '결제 정보가 승인 요청과 다릅니다.');
  const { authorization: _used, ...ready } = payment;
  return authorization.wallet
    ? chargeWalletPayment(core, ready, authorization.wallet, authorization.card)
    : chargeCardPayment(core, ready, authorization.card, 0);
}

/** A key held PENDING until the merchant confirms it; a refused card is refused at once. */
export function authorizeBillingKeyInWindow(
  core: Emulator,
  merchantCode: string,
  input: {
    channelKey: string | null;
    customer?: V2Customer;
    customData?: string | null;
    means: WindowMeans;
    payment?: WindowPayment;
  },
): V2IssueResult & { billingIssueToken?: string } {
  const v2 = storeOf(core, merchantCode);
  const wallet = 'phone' in input.means;
  const channel = channelFor(v2, input.channelKey, wallet ? 'EASY_PAY' : 'CARD');
  const request = {
    merchantCode,
    storeId: v2.store_id,
    channel,
    customer: input.customer,
    customData: input.customData,
  };
  const p = input.payment;
  if (p) assertPayable(core, { ...p, merchantCode, storeId: v2.store_id });
  const token = newToken();
  const pending = {
    token,
    ...(p
      ? {
          payment: {
            payment_id: p.paymentId,
            order_name: p.orderName,
            total: p.total,
            tax_free: p.taxFree ?? 0,
            currency: p.currency,
            custom_data: p.customData ?? null,
          },
        }
      : {}),
  };
  const result =
    'phone' in input.means
      ? issueWalletBillingKey(core, request, input.means.phone, pending)
      : issueCardBillingKey(core, request, input.means.card, pending);
  return result.status === 'ISSUED' ? { ...result, billingIssueToken: token } : result;
}

/** POST /billing-keys/confirm-issue-and-pay: issues the key, then pays the window's payment with it. */
export function confirmIssueAndPay(
  core: Emulator,
  merchantCode: string,
  token: string,
  check: { paymentId: string | null; total: number | null; currency: string | null },
): { billingKey: string; paymentId: string; result: V2ChargeResult } {
  const v2 = storeOf(core, merchantCode);
  const pending = core.store.v2BillingKeysByMerchant.get(merchantCode).find((k) => k.issue_token === token);
  const p = pending?.pending_payment;
  if (pending && !p) throw invalidRequest('결제와 함께 발급하는 빌링키가 아닙니다.');
  if (
    p &&
    ((check.paymentId !== null && check.paymentId !== p.payment_id) ||
      (check.total !== null && check.total !== p.total) ||
      (check.currency !== null && check.currency !== p.currency))
  )
    throw new V2Error(409, 'INFORMATION_MISMATCH', '결제 정보가 발급 요청과 다릅니다.');
  // Unknown or already issued: confirmIssue answers why.
  const key = confirmIssue(core, merchantCode, token);
  if (!p) throw invalidRequest('결제와 함께 발급하는 빌링키가 아닙니다.');
  const result = chargeBillingKey(core, v2, key, {
    merchantCode,
    storeId: v2.store_id,
    paymentId: p.payment_id,
    orderName: p.order_name,
    total: p.total,
    taxFree: p.tax_free,
    currency: p.currency,
    customer: key.customer,
    customData: p.custom_data,
    platform: 'PC',
  });
  return { billingKey: key.billing_key, paymentId: p.payment_id, result };
}
