// Cash receipts (현금영수증): issued for a paid cash payment of the service (virtual account, bank
// transfer) by imp_uid, or for a cash sale made outside it ("external") by merchant_uid; cancelled
// by DELETE and issuable again after that. The amount is what is left of the payment; VAT is 1/11
// of its taxable part unless vat_amount says otherwise. The identifier (phone, registration or
// card number) is checked and kept masked, never whole.
import type { Emulator } from '../emulator';
import type { PaymentRecord, ReceiptRecord } from '../store/records';
import { receiptKey } from '../store/store';
import { invalid, notFound } from '../wire/errors';
import { amountField, type Body, optionalInteger, optionalNumber, optionalText, requiredText } from '../wire/fields';
import { newApplyNum, newReceiptTid } from './ids';

/** Methods whose money is cash (the Swagger file: 가상계좌, 계좌이체). */
const CASH_METHODS = ['vbank', 'trans'];

/** The fields every issuance reads: whom it is for, its type, and its VAT out of `amount`. */
function readIssue(body: Body, amount: number) {
  const identifier = requiredText(body, 'identifier', { max: 30, pattern: /^[\d-]+$/, format: '숫자' }).replace(
    /-/g,
    '',
  );
  if (!/^\d{10,19}$/.test(identifier))
    throw invalid('identifier', '휴대폰·사업자·주민등록·현금영수증카드 번호여야 합니다.');
  const type = optionalText(body, 'type', { pattern: /^(person|company)$/, format: 'person | company' }) ?? 'person';
  const identifierType = optionalText(body, 'identifier_type', {
    pattern: /^(person|business|phone|taxcard)$/,
    format: 'person, business, phone, taxcard',
  });
  const taxFree = optionalInteger(body, 'tax_free') ?? 0;
  if (taxFree < 0 || taxFree > amount) throw invalid('tax_free', `0 이상 ${amount} 이하여야 합니다.`);
  const vatAmount = optionalNumber(body, 'vat_amount');
  if (vatAmount !== null && (vatAmount < 0 || vatAmount > amount))
    throw invalid('vat_amount', `0 이상 ${amount} 이하여야 합니다.`);
  return {
    type: type as ReceiptRecord['type'],
    identifier_type: identifierType,
    identifier_tail: identifier.slice(-4),
    amount,
    vat: vatAmount ?? Math.round((amount - taxFree) / 11),
  };
}

function issued(core: Emulator, key: string): ReceiptRecord | undefined {
  const receipt = core.store.receipts.get(key);
  return receipt && receipt.cancelled_at === 0 ? receipt : undefined;
}

function paymentOf(core: Emulator, merchantCode: string, impUid: string): PaymentRecord {
  const payment = core.store.payments.get(impUid);
  if (!payment || payment.merchant_code !== merchantCode) throw notFound('존재하지 않는 결제정보입니다.');
  return payment;
}

/** POST /receipts/{imp_uid} */
export function issueReceipt(core: Emulator, merchantCode: string, impUid: string, body: Body): ReceiptRecord {
  const payment = paymentOf(core, merchantCode, impUid);
  if (payment.status !== 'paid')
    throw invalid('imp_uid', `결제완료(paid) 상태가 아닌 결제건입니다 (status: ${payment.status}).`);
  if (!CASH_METHODS.includes(payment.pay_method))
    throw invalid('imp_uid', `현금성 거래(가상계좌, 계좌이체)가 아닙니다 (pay_method: ${payment.pay_method}).`);
  const key = receiptKey(merchantCode, impUid, payment.merchant_uid);
  if (issued(core, key)) throw invalid('imp_uid', '이미 현금영수증이 발행된 거래입니다.');
  const fields = readIssue(body, payment.amount - payment.cancel_amount);
  const receipt = save(core, merchantCode, impUid, payment.merchant_uid, fields);
  core.store.payments.put({ ...payment, cash_receipt_issued: true });
  return receipt;
}

/** POST /receipts/external/{merchant_uid} */
export function issueExternalReceipt(core: Emulator, merchantCode: string, merchantUid: string, body: Body) {
  if (merchantUid.length > 40) throw invalid('merchant_uid', '최대 40자까지 입력할 수 있습니다.');
  requiredText(body, 'name', { max: 40 });
  optionalText(body, 'pay_method', { pattern: /^(trans|vbank)$/, format: 'trans | vbank' });
  const amount = amountField(body);
  if (!Number.isInteger(amount)) throw invalid('amount', '정수여야 합니다.');
  if (issued(core, receiptKey(merchantCode, null, merchantUid)))
    throw invalid('merchant_uid', '이미 현금영수증이 발행된 주문번호입니다.');
  return save(core, merchantCode, null, merchantUid, readIssue(body, amount));
}

function save(
  core: Emulator,
  merchantCode: string,
  impUid: string | null,
  merchantUid: string,
  fields: ReturnType<typeof readIssue>,
): ReceiptRecord {
  return core.store.receipts.put({
    merchant_code: merchantCode,
    imp_uid: impUid,
    merchant_uid: merchantUid,
    receipt_tid: newReceiptTid(),
    apply_num: newApplyNum(),
    ...fields,
    applied_at: core.now(merchantCode),
    cancelled_at: 0,
  });
}

/** GET /receipts/{imp_uid}, GET /receipts/external/{merchant_uid}: the receipt, cancelled or not (404 when none). */
export function getReceipt(core: Emulator, merchantCode: string, key: string): ReceiptRecord {
  const receipt = core.store.receipts.get(key);
  if (!receipt || receipt.merchant_code !== merchantCode) throw notFound('현금영수증 발행 내역이 없습니다.');
  return receipt;
}

/** DELETE: cancels the receipt (`missing` is how an absent one is answered: 400 by imp_uid, 404 external). */
export function cancelReceipt(
  core: Emulator,
  merchantCode: string,
  key: string,
  missing: (message: string) => Error,
): ReceiptRecord {
  const receipt = core.store.receipts.get(key);
  if (!receipt || receipt.merchant_code !== merchantCode) throw missing('현금영수증이 발급된 적 없는 거래입니다.');
  if (receipt.cancelled_at !== 0)
    throw invalid(receipt.imp_uid === null ? 'merchant_uid' : 'imp_uid', '이미 취소된 현금영수증입니다.');
  const cancelled = core.store.receipts.put({ ...receipt, cancelled_at: core.now(merchantCode) });
  const payment = receipt.imp_uid === null ? undefined : core.store.payments.get(receipt.imp_uid);
  if (payment) core.store.payments.put({ ...payment, cash_receipt_issued: false });
  return cancelled;
}
