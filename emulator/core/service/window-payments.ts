// What a payment window (IMP.request_pay) does, shared by the hosted window and the control API's
// test shortcut: the checks made before the window opens (params, pre-registered amount, order
// already paid), then the payment by the method the window is for (window-methods.ts), or a
// billing-key issuance under customer_uid on a card or a wallet (amount 0 issues only; more also
// charges). Answers the callback's rsp and the payment.

import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { invalid, ServiceError } from '../wire/errors';
import { type Body, optionalFlag, optionalText } from '../wire/fields';
import { type Order, readOrder } from '../wire/order';
import { type WindowCallback, windowCallback } from '../wire/window-callback';
import { buyerAsCustomer, issueBillingKey, issueWithCharge } from './billing-keys';
import { readCard } from './card-input';
import { chargeCard } from './charge';
import { asPaid, assertNotPaid, newPayment, type PaymentInit, savePayment } from './payments';
import { findPrepared } from './prepare';
import { registrationRefusal, shownCard } from './test-cards';
import { readBankCode } from './vbanks';
import { readWindowMethod, type WindowMethod } from './window-methods';
import { checkOtp, completePhonePayment, readCarrier, readPhoneNumber } from './window-phone';
import { completeTransfer } from './window-trans';
import { openWindowVbank, readWindowVbankDue } from './window-vbank';
import { completeWalletWindow } from './window-wallet';

export interface WindowPaymentResult {
  rsp: WindowCallback;
  /** The payment the window created; null when it was refused before opening or the issuer was unreachable. */
  payment: PaymentRecord | null;
}

/** A request the window may open for, or the refusal its callback gets instead. */
export type WindowPaymentCheck =
  | { ok: true; order: Order; init: PaymentInit; method: WindowMethod }
  | { ok: false; result: WindowPaymentResult };

const refusal = (
  order: Order,
  baseUrl: string,
  error_code: string,
  error_msg: string,
  payment: PaymentRecord | null = null,
): WindowPaymentResult => ({ rsp: windowCallback(order, payment, baseUrl, { error_code, error_msg }), payment });

/**
 * The checks made before a payment window opens. Bad params throw (HTTP 400 style, naming the
 * field); a pre-registered merchant_uid with another amount or an order already paid is refused.
 */
export function checkWindowPayment(
  core: Emulator,
  merchantCode: string,
  body: Body,
  baseUrl: string,
): WindowPaymentCheck {
  const customerUid = optionalText(body, 'customer_uid', { max: 80 });
  const order = readOrder(body, { allowZero: customerUid !== null });
  const { method, pg, recordMethod } = readWindowMethod(body);
  if (customerUid !== null && method.kind !== 'card' && method.kind !== 'wallet')
    throw invalid('pay_method', '빌링키 발급은 card 또는 간편결제(pg kakaopay, naverpay, tosspay)만 가능합니다.');
  if (method.kind === 'vbank') {
    readWindowVbankDue(body, core.now(merchantCode));
    if (body.vbank_code !== undefined) readBankCode(body);
  }
  const channel = optionalText(body, 'channel', { pattern: /^(pc|mobile)$/, format: 'pc | mobile' }) ?? 'pc';
  const init: PaymentInit = {
    order,
    pay_method: recordMethod,
    channel: channel as 'pc' | 'mobile',
    pg,
    customer_uid: customerUid,
    customer_uid_usage: customerUid === null ? null : 'issue',
    user_agent: optionalText(body, 'user_agent', { max: 500 }) ?? 'Mozilla/5.0 (emulator payment window)',
    escrow: optionalFlag(body, 'escrow') ?? false,
  };
  const prepared = findPrepared(core, merchantCode, order.merchant_uid);
  if (prepared && prepared.amount !== order.amount) {
    const message = `사전 등록된 결제금액(${prepared.amount})과 요청 금액(${order.amount})이 다릅니다.`;
    return { ok: false, result: refusal(order, baseUrl, 'AMOUNT_MISMATCH', message) };
  }
  try {
    assertNotPaid(core, merchantCode, order.merchant_uid);
  } catch (error) {
    if (error instanceof ServiceError)
      return { ok: false, result: refusal(order, baseUrl, 'ALREADY_PAID', error.message) };
    throw error;
  }
  return { ok: true, order, init, method };
}

/** The window's rsp for a payment that ended paid, or failed with its reason. */
const ended = (order: Order, payment: PaymentRecord, baseUrl: string, failure: string): WindowPaymentResult =>
  payment.status === 'failed'
    ? refusal(order, baseUrl, failure, payment.fail_reason ?? '', payment)
    : { rsp: windowCallback(order, payment, baseUrl), payment };

/**
 * A completed window: the checks again (the order may have been paid meanwhile), then what the
 * customer chose in it — the card, the wallet account (`phone`), the bank (`bank_code`), the
 * phone bill (`carrier`, `phone`, `otp`), the virtual account's bank (`vbank_code`).
 */
export function completeWindowPayment(
  core: Emulator,
  merchantCode: string,
  body: Body,
  baseUrl: string,
): WindowPaymentResult {
  const check = checkWindowPayment(core, merchantCode, body, baseUrl);
  if (!check.ok) return check.result;
  const { order, init, method } = check;
  switch (method.kind) {
    case 'vbank':
      return ended(order, openWindowVbank(core, merchantCode, init, body), baseUrl, '');
    case 'wallet': {
      const { payment } = completeWalletWindow(core, merchantCode, order, init, method.wallet, body);
      return ended(order, payment, baseUrl, 'WALLET_DECLINED');
    }
    case 'trans':
      return ended(order, completeTransfer(core, merchantCode, init, body), baseUrl, 'BANK_MAINTENANCE');
    case 'phone': {
      const account = { carrier: readCarrier(body), phone: readPhoneNumber(body, order.buyer_tel) };
      checkOtp(body, false);
      return ended(order, completePhonePayment(core, merchantCode, init, account), baseUrl, 'PHONE_LIMIT_EXCEEDED');
    }
    case 'other': {
      const payment = savePayment(core, asPaid(newPayment(core, merchantCode, init), core.now(merchantCode)));
      return { rsp: windowCallback(order, payment, baseUrl), payment };
    }
    case 'card':
      return completeCardWindow(core, merchantCode, order, init, body, baseUrl);
  }
}

function completeCardWindow(
  core: Emulator,
  merchantCode: string,
  order: Order,
  init: PaymentInit,
  body: Body,
  baseUrl: string,
): WindowPaymentResult {
  const card = readCard(body, core.now(merchantCode));
  const customerUid = init.customer_uid ?? null;
  // Issuance only (amount 0) is registration's outcome; a refused card falls through to the
  // charge below, which records the refusal as a failed payment.
  if (customerUid !== null && order.amount === 0 && !registrationRefusal(card.profile.behaviour)) {
    issueBillingKey(core, merchantCode, customerUid, card, buyerAsCustomer(order), init.pg);
    const shown = shownCard(card.profile);
    const payment = savePayment(
      core,
      asPaid(newPayment(core, merchantCode, { ...init, card: shown }), core.now(merchantCode)),
    );
    return { rsp: windowCallback(order, payment, baseUrl), payment };
  }
  const result = chargeCard(core, merchantCode, card.profile, 0, init);
  if (customerUid !== null)
    issueWithCharge(core, merchantCode, customerUid, card, buyerAsCustomer(order), init.pg, result);
  if (result.outcome === 'unreachable') return refusal(order, baseUrl, 'ISSUER_UNREACHABLE', result.reason);
  if (result.outcome === 'paid')
    return { rsp: windowCallback(order, result.payment, baseUrl), payment: result.payment };
  const code = result.outcome === 'refused' ? 'CARD_REFUSED' : 'CARD_DECLINED';
  return refusal(order, baseUrl, code, result.payment.fail_reason ?? '', result.payment);
}
