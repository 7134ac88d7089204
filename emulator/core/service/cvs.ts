// Convenience-store collection numbers (deprecated in the spec, still served): issued or
// registered as a payment in status ready until a store collects it or the merchant cancels it.
// Collection at the counter (confirm_url check, then paid) belongs to the control API.
import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { invalid, rejected } from '../wire/errors';
import { type Body, optionalInteger, optionalText } from '../wire/fields';
import { readOrder, resolvePg } from '../wire/order';
import { newBarcode } from './ids';
import { assertNotPaid, newPayment } from './payments';

/** Used when the request sets no deadline (the provider contract's default). */
export const DEFAULT_CVS_LIFETIME = 7 * 24 * 3600;

export function issueCvs(core: Emulator, merchantCode: string, body: Body): PaymentRecord {
  const order = readOrder(body);
  // The spec calls the provider selector `pg`, newer API versions `channel_key`: both are accepted.
  const pg = resolvePg(
    optionalText(body, 'pg', { max: 80 }) ?? optionalText(body, 'channel_key', { max: 80 }),
    'galaxia',
  );
  const barcode = optionalText(body, 'barcode', { max: 40, pattern: /^\d+$/, format: '숫자' }) ?? newBarcode();
  const now = core.now(merchantCode);
  const expiredAt = optionalInteger(body, 'expired_at') ?? now + DEFAULT_CVS_LIFETIME;
  if (expiredAt <= now) throw invalid('expired_at', `현재 시각(${now}) 이후여야 합니다.`);
  const confirmUrl = optionalText(body, 'confirm_url');
  if (confirmUrl !== null && !URL.canParse(confirmUrl)) throw invalid('confirm_url', 'URL이어야 합니다.');
  assertNotPaid(core, merchantCode, order.merchant_uid);
  const payment = newPayment(core, merchantCode, { order, pay_method: 'cvs', channel: 'api', pg });
  return core.store.payments.put({ ...payment, barcode, expired_at: expiredAt, confirm_url: confirmUrl });
}

/** Invalidates a collection number that no store has collected yet. */
export function cancelCvs(core: Emulator, merchantCode: string, impUid: string): PaymentRecord {
  const payment = cvsPayment(core, merchantCode, impUid);
  if (payment.status === 'paid') throw rejected('이미 수납된 건은 취소할 수 없습니다.');
  if (payment.status !== 'ready') throw rejected('이미 취소된 수납번호입니다.');
  const now = core.now(merchantCode);
  return core.store.payments.put({
    ...payment,
    status: 'cancelled',
    cancelled_at: now,
    cancel_reason: '수납번호 말소',
  });
}

function cvsPayment(core: Emulator, merchantCode: string, impUid: string): PaymentRecord {
  const payment = core.store.payments.get(impUid);
  // An unknown id is a business failure here (HTTP 200, code 1), as on the cancel endpoint.
  if (!payment || payment.merchant_code !== merchantCode || payment.pay_method !== 'cvs') {
    throw rejected('존재하지 않는 수납번호입니다.');
  }
  return payment;
}
