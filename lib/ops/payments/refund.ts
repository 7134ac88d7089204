import 'server-only';
import { getDb } from '@/lib/db/client';
import { AppError, notFound, refusals } from '@/lib/http/errors';
import { IamportApiError, IamportError, iamport, type Payment } from '@/lib/iamport';
import { recordOrderRefund } from '@/lib/orders/refunds';
import { type RefundRequest, refundReasonLabel } from '@/lib/shared/ops';
import { recordChargeRefund, withdrawBookingAfterRefund } from '@/lib/subscriptions/refunds';
import { appendAudit } from '../audit';
import type { Operator } from '../operators';
import { findPaymentRecord, moneyOf } from './records';

export const refuseRefund = refusals({
  not_refundable: [409, '환불할 수 있는 결제가 아닙니다.'],
  over_refundable: [400, '환불 가능 금액을 넘을 수 없습니다.'],
  refund_conflict: [409, '그 사이 환불 가능 금액이 바뀌었습니다. 새로 고친 뒤 다시 시도해 주세요.'],
  refund_refused: [409, '결제 서비스가 환불을 거절했습니다.'],
  refund_not_made: [503, '결제 서비스에 연결하지 못해 환불되지 않았습니다. 다시 시도해 주세요.'],
  refund_unknown: [503, '환불 결과를 아직 확인하지 못했습니다. 잠시 뒤 상세 화면에서 확인해 주세요.'],
});

export interface RefundResult {
  refunded: number;
  /** What is left to refund, by the service's record. */
  refundable: number;
  status: string;
  endedSubscription: boolean;
}

const balanceOf = (payment: Payment) => payment.amount - payment.cancel_amount;

/**
 * An operator's refund, full or partial, of the payment `merchantUid` rests on. Sent with the
 * balance the operator saw as `checksum`: a refund made meanwhile (a colleague, a second click)
 * makes the service refuse this one. A lost answer is resolved from the service's record. The
 * record's change and the audit row commit in one transaction; a refused refund leaves neither.
 */
export async function refundPayment(
  operator: Operator,
  merchantUid: string,
  request: RefundRequest,
): Promise<RefundResult> {
  const record = await findPaymentRecord(merchantUid);
  if (!record) throw notFound('결제를 찾을 수 없습니다.');
  const money = moneyOf(record);
  if (!money.impUid || money.status !== 'paid') throw refuseRefund('not_refundable');
  if (request.amount > request.refundable) throw refuseRefund('over_refundable');
  const client = iamport();
  const before = await readOrUnavailable(money.impUid);
  if (before.status !== 'paid' || balanceOf(before) <= 0) throw refuseRefund('not_refundable');
  if (balanceOf(before) !== request.refundable) throw refuseRefund('refund_conflict');
  // Read before the refund: once money has moved, recording it must not wait on another call.
  const now = await client.serviceNow();
  const reason = [refundReasonLabel[request.reason], request.note].filter(Boolean).join(': ').slice(0, 200);
  let after: Payment;
  try {
    after = await client.payments.cancel({
      imp_uid: money.impUid,
      amount: request.amount,
      checksum: request.refundable,
      reason,
    });
  } catch (error) {
    after = await resolveLostAnswer(error, before, request.amount);
  }
  const db = await getDb();
  const ended = await db.transaction(async (tx) => {
    let endedSubscription = false;
    if (record.type === 'order') await recordOrderRefund(record.order, after, tx);
    else endedSubscription = (await recordChargeRefund(tx, record.charge.id, after, now))?.endedSubscription ?? false;
    await appendAudit(tx, operator, {
      action: 'payment.refund',
      targetType: record.type,
      targetId: merchantUid,
      amount: request.amount,
      reason: request.reason,
      note: request.note || null,
      result: `refunded ${request.amount}; ${balanceOf(after)} left${endedSubscription ? '; subscription ended' : ''}`,
    });
    return endedSubscription;
  });
  if (ended && record.type === 'subscription_charge') await withdrawBookingAfterRefund(record.subscription.id);
  return { refunded: request.amount, refundable: balanceOf(after), status: after.status, endedSubscription: ended };
}

async function readOrUnavailable(impUid: string): Promise<Payment> {
  try {
    return await iamport().payments.get({ imp_uid: impUid });
  } catch (error) {
    if (error instanceof IamportError)
      throw new AppError(503, 'service_unavailable', '결제 서비스에 연결하지 못했습니다.');
    throw error;
  }
}

/**
 * The refund's answer did not come back as an answer: a refusal (the checksum no longer matched,
 * or another rule) is final; anything else (timeout, dropped connection, a 5xx) is resolved from
 * the service's record — the refund happened exactly when the balance dropped by our amount.
 */
async function resolveLostAnswer(error: unknown, before: Payment, amount: number): Promise<Payment> {
  if (!(error instanceof IamportError)) throw error;
  if (error instanceof IamportApiError && error.httpStatus < 500) {
    throw refuseRefund('refund_refused', `결제 서비스가 환불을 거절했습니다: ${error.serviceMessage ?? error.message}`);
  }
  let now: Payment;
  try {
    now = await iamport().payments.get({ imp_uid: before.imp_uid });
  } catch {
    throw refuseRefund('refund_unknown');
  }
  if (now.cancel_amount === before.cancel_amount + amount) return now;
  if (now.cancel_amount === before.cancel_amount) throw refuseRefund('refund_not_made');
  throw refuseRefund('refund_conflict');
}
