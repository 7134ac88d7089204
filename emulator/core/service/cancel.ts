// Refunds (POST /payments/cancel): full or partial, guarded by the caller's checksum (the
// refundable balance it believes current). Partial refunds keep status paid; the last one
// makes the payment cancelled. The merchant is notified only when the request says
// `enable_webhook: true` (the real service notifies of console refunds, not of API ones).
// A virtual-account payment goes back by bank transfer: its refund names the account. One still
// waiting with part of its amount deposited (which DELETE /vbanks refuses to close) is closed by the
// refund of everything deposited: the emulator's own rule, as the service documents no partial deposits.

import type { Emulator } from '../emulator';
import type { PaymentRecord } from '../store/records';
import { receiptPath } from '../wire/answers';
import { invalid, rejected } from '../wire/errors';
import { type Body, optionalFlag, optionalNumber, optionalText } from '../wire/fields';
import { readRefundAccount } from './bank-holders';
import { newCancellationId, newPgTid } from './ids';
import { paymentsOfOrder } from './payments';
import { deposited } from './vbanks';

function target(core: Emulator, merchantCode: string, body: Body): PaymentRecord {
  const impUid = optionalText(body, 'imp_uid');
  const merchantUid = optionalText(body, 'merchant_uid');
  if (impUid === null && merchantUid === null)
    throw invalid('imp_uid', 'imp_uid 또는 merchant_uid 중 하나는 필수입니다.');
  // imp_uid wins when both are given, as on the real service.
  const payment =
    impUid !== null
      ? core.store.payments.get(impUid)
      : (paymentsOfOrder(core, merchantCode, merchantUid ?? '', 'paid')[0] ??
        paymentsOfOrder(core, merchantCode, merchantUid ?? '')[0]);
  if (!payment || payment.merchant_code !== merchantCode) throw rejected('취소할 결제건이 존재하지 않습니다.');
  return payment;
}

export function cancelPayment(core: Emulator, merchantCode: string, body: Body): PaymentRecord {
  const amount = optionalNumber(body, 'amount');
  if (amount !== null && amount <= 0) throw invalid('amount', '0보다 커야 합니다.');
  const checksum = optionalNumber(body, 'checksum');
  const reason = optionalText(body, 'reason', { max: 200 }) ?? '';
  const notify = optionalFlag(body, 'enable_webhook') ?? false;
  const payment = target(core, merchantCode, body);
  if (payment.status === 'cancelled') throw rejected('이미 전액취소된 결제건입니다.');
  const partlyDeposited = payment.status === 'ready' && payment.vbank !== undefined && deposited(payment) > 0;
  if (payment.status !== 'paid' && !partlyDeposited)
    throw rejected(`결제완료 상태가 아닌 결제건은 취소할 수 없습니다 (status: ${payment.status}).`);
  if (payment.pay_method === 'vbank') readRefundAccount(body);
  // An account still waiting with part of its amount in it: what was deposited is refundable, all of it at once.
  const refundable = (partlyDeposited ? deposited(payment) : payment.amount) - payment.cancel_amount;
  if (refundable <= 0) throw rejected('취소할 수 있는 금액이 없습니다.');
  if (checksum !== null && checksum !== refundable) {
    throw rejected(`checksum(${checksum})이 취소 가능 금액(${refundable})과 다릅니다.`);
  }
  const cancelled = amount ?? refundable;
  if (cancelled > refundable)
    throw rejected(`취소 요청 금액(${cancelled})이 취소 가능 금액(${refundable})보다 큽니다.`);
  if (partlyDeposited && cancelled !== refundable)
    throw rejected(`입금 대기 중인 가상계좌는 입금된 금액(${refundable}) 전액만 환불할 수 있습니다.`);
  const now = core.now(merchantCode);
  const cancellationId = newCancellationId();
  // A partly deposited account refunded: closed with it (status cancelled), so no more money can arrive.
  const full = cancelled === refundable;
  const updated = core.store.payments.put({
    ...payment,
    cancel_amount: payment.cancel_amount + cancelled,
    cancel_history: [
      ...payment.cancel_history,
      {
        pg_tid: newPgTid(),
        amount: cancelled,
        cancelled_at: now,
        reason,
        cancellation_id: cancellationId,
        receipt_url: `${receiptPath(payment.imp_uid)}?cancellation_id=${cancellationId}`,
      },
    ],
    status: full ? 'cancelled' : 'paid',
    cancelled_at: now,
    cancel_reason: reason,
  });
  if (notify) {
    core.notify({
      merchant_code: merchantCode,
      imp_uid: updated.imp_uid,
      merchant_uid: updated.merchant_uid,
      status: updated.status,
      notice_urls: updated.notice_urls,
      cancellation_id: cancellationId,
    });
  }
  return updated;
}
