// Cancelling a V2 payment in full or in part: what is left to cancel bounds the amount; the
// merchant's `currentCancellableAmount`, when sent, must match it (a guard against cancelling
// twice on stale data). Cancellations succeed at once and announce Transaction.(Partial)Cancelled.
import { randomUUID } from 'node:crypto';
import type { Emulator } from '../../core/emulator';
import { newPgTid } from '../../core/service/ids';
import type { V2Cancellation, V2PaymentRecord } from '../../core/store/v2-records';
import { V2Error } from '../errors';
import { vatOf } from '../wire';
import { announce, getPayment } from './payments';

export interface CancelRequest {
  amount: number | null;
  taxFree: number | null;
  reason: string;
  currentCancellableAmount: number | null;
  skipWebhook: boolean;
}

const conflict = (type: string, message: string) => new V2Error(409, type, message);

export function cancelPayment(
  core: Emulator,
  merchantCode: string,
  paymentId: string,
  request: CancelRequest,
): { payment: V2PaymentRecord; cancellation: V2Cancellation } {
  const payment = getPayment(core, merchantCode, paymentId);
  if (payment.status === 'CANCELLED')
    throw conflict('PAYMENT_ALREADY_CANCELLED', `이미 취소된 결제입니다: ${paymentId}`);
  if (payment.status !== 'PAID' && payment.status !== 'PARTIAL_CANCELLED')
    throw conflict('PAYMENT_NOT_PAID', `결제가 완료되지 않은 건입니다: ${paymentId}`);
  const cancellable = payment.total - payment.cancelled;
  const cancellableTaxFree = payment.tax_free - payment.cancelled_tax_free;
  if (request.currentCancellableAmount !== null && request.currentCancellableAmount !== cancellable)
    throw conflict(
      'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN',
      `취소 가능 금액이 ${cancellable}원으로, 요청의 ${request.currentCancellableAmount}원과 다릅니다.`,
    );
  const amount = request.amount ?? cancellable;
  if (amount > cancellable)
    throw conflict(
      'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT',
      `취소 금액 ${amount}원이 취소 가능 금액 ${cancellable}원을 넘습니다.`,
    );
  // Without a tax-free part, a full cancel takes what is left of it; a partial one takes it in proportion.
  const taxFree =
    request.taxFree ??
    (amount === cancellable
      ? cancellableTaxFree
      : Math.min(cancellableTaxFree, Math.floor((amount * payment.tax_free) / payment.total)));
  if (taxFree > cancellableTaxFree || taxFree > amount)
    throw conflict(
      'CANCEL_TAX_FREE_AMOUNT_EXCEEDS_CANCELLABLE_TAX_FREE_AMOUNT',
      `면세 취소 금액 ${taxFree}원이 취소 가능 면세 금액 ${cancellableTaxFree}원을 넘습니다.`,
    );
  const now = core.now(merchantCode);
  const cancellation: V2Cancellation = {
    id: randomUUID(),
    pg_cancellation_id: newPgTid(),
    total: amount,
    tax_free: taxFree,
    vat: vatOf(amount, taxFree),
    reason: request.reason,
    requested_at: now,
    cancelled_at: now,
  };
  const full = amount === cancellable;
  const updated = core.store.v2Payments.put({
    ...payment,
    status: full ? 'CANCELLED' : 'PARTIAL_CANCELLED',
    cancellations: [...payment.cancellations, cancellation],
    cancelled: payment.cancelled + amount,
    cancelled_tax_free: payment.cancelled_tax_free + taxFree,
    updated_at: now,
    status_changed_at: now,
  });
  if (!request.skipWebhook)
    announce(core, updated, full ? 'Transaction.Cancelled' : 'Transaction.PartialCancelled', {
      cancellationId: cancellation.id,
    });
  return { payment: updated, cancellation };
}
