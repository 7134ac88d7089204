// Virtual accounts (가상계좌): issued by POST /vbanks or a payment window with pay_method 'vbank',
// a payment in status ready until the customer's deposits reach its amount (then paid, and the
// notice), changed (PUT) or revoked (DELETE) while waiting, and failed once its deadline has passed
// on the merchant's clock. The merchant is notified when an account is issued (ready) and paid.

import type { Emulator } from '../emulator';
import type { PaymentRecord, VbankAccount } from '../store/records';
import { invalid, notFound } from '../wire/errors';
import { type Body, optionalInteger, optionalText, requiredText } from '../wire/fields';
import { readOrder, resolvePg } from '../wire/order';
import { bankCode } from './codes';
import { newVbankNum } from './ids';
import { assertNotPaid, newPayment, type PaymentInit } from './payments';

/** The deadline a window gives when the page names none. */
export const DEFAULT_VBANK_LIFETIME = 3 * 86_400;
export const EXPIRED = '가상계좌 입금기한 만료';

export function readBankCode(body: Body, field = 'vbank_code'): string {
  const code = requiredText(body, field, { pattern: /^\d{3}$/, format: '은행 표준코드 3자리' });
  if (!bankCode(code)) throw invalid(field, `등록되지 않은 은행코드입니다: ${code}`);
  return code;
}

/** A deadline in the future of the merchant's clock. */
export function checkedDue(due: number, now: number, field = 'vbank_due'): number {
  if (due <= now) throw invalid(field, `현재 시각(${now}) 이후여야 합니다.`);
  return due;
}

export interface AccountRequest {
  code: string;
  due: number;
  holder: string | null;
  num: string | null;
}

/** Opens the account: a new payment in status ready, stored, and the merchant told (status ready). */
export function openVbank(
  core: Emulator,
  merchantCode: string,
  init: PaymentInit,
  account: AccountRequest,
): PaymentRecord {
  const merchant = core.merchant(merchantCode);
  const vbank: VbankAccount = {
    code: account.code,
    name: bankCode(account.code)?.name ?? account.code,
    num: account.num ?? newVbankNum(),
    holder: account.holder ?? merchant?.name ?? merchantCode,
    due: account.due,
    issued_at: core.now(merchantCode),
  };
  const payment = core.store.payments.put({
    ...newPayment(core, merchantCode, { ...init, pay_method: 'vbank' }),
    vbank,
  });
  core.notify({
    merchant_code: merchantCode,
    imp_uid: payment.imp_uid,
    merchant_uid: payment.merchant_uid,
    status: 'ready',
    notice_urls: payment.notice_urls,
  });
  return payment;
}

/** POST /vbanks: an account issued by the merchant's server. */
export function issueVbank(core: Emulator, merchantCode: string, body: Body): PaymentRecord {
  const order = readOrder(body);
  // As for barcodes, the provider is `pg` or, as newer API versions call it, `channel_key`.
  const pg = resolvePg(optionalText(body, 'pg', { max: 80 }) ?? optionalText(body, 'channel_key', { max: 80 }));
  const code = readBankCode(body);
  const due = optionalInteger(body, 'vbank_due');
  if (due === null) throw invalid('vbank_due', '필수 항목입니다.');
  const account = {
    code,
    due: checkedDue(due, core.now(merchantCode)),
    holder: optionalText(body, 'vbank_holder', { max: 40 }),
    num: optionalText(body, 'vbank_num', { max: 20, pattern: /^\d[\d-]*$/, format: '숫자' }),
  };
  assertNotPaid(core, merchantCode, order.merchant_uid);
  return openVbank(core, merchantCode, { order, pay_method: 'vbank', channel: 'api', pg }, account);
}

/** A ready virtual-account payment of the merchant (404 unknown, 400 another method or state). */
export function waitingVbank(core: Emulator, merchantCode: string, impUid: string): PaymentRecord {
  const payment = core.store.payments.get(impUid);
  if (!payment || payment.merchant_code !== merchantCode) throw notFound('존재하지 않는 결제정보입니다.');
  if (!payment.vbank) throw invalid('imp_uid', '가상계좌 결제건이 아닙니다.');
  if (payment.status !== 'ready')
    throw invalid('imp_uid', `입금대기(ready) 상태가 아닌 가상계좌입니다 (status: ${payment.status}).`);
  return payment;
}

export const deposited = (payment: PaymentRecord) => payment.deposits.reduce((sum, d) => sum + d.amount, 0);

/** PUT /vbanks/{imp_uid}: a new amount or deadline for an account still waiting. */
export function modifyVbank(core: Emulator, merchantCode: string, impUid: string, body: Body): PaymentRecord {
  const payment = waitingVbank(core, merchantCode, impUid);
  const amount = optionalInteger(body, 'amount');
  const due = optionalInteger(body, 'vbank_due');
  if (amount === null && due === null) throw invalid('amount', 'amount 또는 vbank_due 중 하나는 필수입니다.');
  if (amount !== null && (amount <= 0 || amount <= deposited(payment)))
    throw invalid('amount', `0과 이미 입금된 금액(${deposited(payment)})보다 커야 합니다.`);
  const vbank = payment.vbank as VbankAccount;
  return core.store.payments.put({
    ...payment,
    amount: amount ?? payment.amount,
    vbank: { ...vbank, due: due === null ? vbank.due : checkedDue(due, core.now(merchantCode)) },
  });
}

/** DELETE /vbanks/{imp_uid}: closes an account nobody has paid into, so no deposit can arrive. */
export function revokeVbank(core: Emulator, merchantCode: string, impUid: string): PaymentRecord {
  const payment = waitingVbank(core, merchantCode, impUid);
  if (payment.deposits.length > 0) throw invalid('imp_uid', '입금된 금액이 있는 가상계좌는 말소할 수 없습니다.');
  return core.store.payments.put({
    ...payment,
    status: 'cancelled',
    cancelled_at: core.now(merchantCode),
    cancel_reason: '가상계좌 말소',
  });
}
