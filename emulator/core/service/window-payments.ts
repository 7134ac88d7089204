// What a payment window (IMP.request_pay) does, shared by the hosted window and the control API's
// test shortcut: the checks made before the window opens (params, pre-registered amount, order
// already paid), then an ordinary payment or a billing-key issuance under customer_uid (amount 0
// issues only; more also charges). Answers the callback's rsp and the payment.

import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { invalid, ServiceError } from '../wire/errors';
import { type Body, optionalFlag, optionalText } from '../wire/fields';
import { type Order, readOrder, resolvePg } from '../wire/order';
import { type WindowCallback, windowCallback } from '../wire/window-callback';
import { buyerAsCustomer, issueBillingKey, issueWithCharge } from './billing-keys';
import { readCard } from './card-input';
import { chargeCard } from './charge';
import { asPaid, assertNotPaid, newPayment, type PaymentInit, savePayment } from './payments';
import { findPrepared } from './prepare';
import { registrationRefusal, shownCard } from './test-cards';
import { readBankCode } from './vbanks';
import { openWindowVbank, readWindowVbankDue } from './window-vbank';

export interface WindowPaymentResult {
  rsp: WindowCallback;
  /** The payment the window created; null when it was refused before opening or the issuer was unreachable. */
  payment: PaymentRecord | null;
}

/** A request the window may open for, or the refusal its callback gets instead. */
export type WindowPaymentCheck =
  | { ok: true; order: Order; init: PaymentInit }
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
  const payMethod = optionalText(body, 'pay_method', { max: 20 }) ?? 'card';
  if (customerUid !== null && payMethod !== 'card') throw invalid('pay_method', '빌링키 발급은 card만 가능합니다.');
  if (payMethod === 'vbank') {
    readWindowVbankDue(body, core.now(merchantCode));
    if (body.vbank_code !== undefined) readBankCode(body);
  }
  const channel = optionalText(body, 'channel', { pattern: /^(pc|mobile)$/, format: 'pc | mobile' }) ?? 'pc';
  const init: PaymentInit = {
    order,
    pay_method: payMethod,
    channel: channel as 'pc' | 'mobile',
    pg: resolvePg(optionalText(body, 'pg', { max: 80 }), 'html5_inicis'),
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
  return { ok: true, order, init };
}

/** A completed window: the checks again (the order may have been paid meanwhile), then the card. */
export function completeWindowPayment(
  core: Emulator,
  merchantCode: string,
  body: Body,
  baseUrl: string,
): WindowPaymentResult {
  const check = checkWindowPayment(core, merchantCode, body, baseUrl);
  if (!check.ok) return check.result;
  const { order, init } = check;
  if (init.pay_method === 'vbank') {
    const payment = openWindowVbank(core, merchantCode, init, body);
    return { rsp: windowCallback(order, payment, baseUrl), payment };
  }
  const card = init.pay_method === 'card' ? readCard(body, core.now(merchantCode)) : null;
  if (!card) {
    const payment = savePayment(core, asPaid(newPayment(core, merchantCode, init), core.now(merchantCode)));
    return { rsp: windowCallback(order, payment, baseUrl), payment };
  }
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
