import 'server-only';
import type { Operator } from '@/lib/audit';
import { appendAudit, refundFailedAudit } from '@/lib/audit';
import { getDb } from '@/lib/db';
import { notFound, refusals } from '@/lib/http';
import { IamportError, type Payment } from '@/lib/iamport';
import { recordOrderRefund } from '@/lib/orders';
import {
  makeRefund,
  promiseRefund,
  type Refund,
  type RefundBook,
  readPaymentOn,
  refundInFlight,
  resolveRefund,
  serviceNowOn,
} from '@/lib/payments';
import type { Api } from '@/lib/provider';
import { recordChargeRefund, withdrawBookingAfterRefund } from '@/lib/subscriptions';
import { findPaymentRecord, moneyOf } from './payment-records';
import { needsAccount, refundDestination, refuseAccount, storedAccount } from './refund-destination';
import { type RefundRequest, refundReasonForCustomer } from './refund-request';

export const refuseRefund = refusals({
  not_refundable: [409, '환불할 수 있는 결제가 아닙니다.'],
  over_refundable: [400, '환불 가능 금액을 넘을 수 없습니다.'],
  refund_conflict: [409, '그 사이 환불 가능 금액이 바뀌었습니다. 새로 고친 뒤 다시 시도해 주세요.'],
  refund_in_progress: [409, '이 결제의 다른 환불을 확인하고 있습니다. 잠시 뒤 상세 화면에서 확인해 주세요.'],
  refund_refused: [409, '결제 서비스가 환불을 거절했습니다.'],
  refund_unknown: [
    503,
    '환불 결과를 아직 확인하지 못했습니다. 대사(reconciliation)가 결제 서비스의 기록으로 마무리하니, 잠시 뒤 상세 화면에서 확인해 주세요.',
  ],
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
 * An operator's refund, full or partial, of the payment `merchantUid` rests on. Written down before
 * it is asked (lib/payments/promised-refunds.ts) and sent with the balance the operator saw as
 * `checksum`. One decision on a payment's refunds at a time: the promise is written under the
 * payment's refund lock, only while no other refund of it is in flight and only from a record that
 * holds every refund of ours made so far — so of ten operators naming one balance, one refund is
 * made and the others answer 409 with the balance now, changing nothing. 200 is answered only for
 * the refund the service's record shows as this request's own (its entry: the first after the
 * balance it named). A lost answer is resolved from the record — now, by the next refund of the
 * payment, or by reconciliation — and the refund, its mail and its audit row are recorded in the
 * transaction that marks it made; a refused one leaves none.
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
  // Before anything else happens: a 가상계좌's refund with nowhere to go is refused at once.
  if (needsAccount(record) && !request.refundAccount && !storedAccount(record))
    throw refuseAccount('refund_account_required');
  const impUid = money.impUid;
  // The API the payment was made on refunds and reads it, whatever the shop runs on now.
  const api = record.type === 'order' ? record.order.api : record.charge.api;
  // One asked for before whose answer was lost is resolved first: the balance below is then the truth.
  const earlier = await refundInFlight(impUid);
  // A customer's refund (cancel now, an order's cancel or return) is resolved by its own path.
  if (earlier && earlier.origin !== 'operator') throw refuseRefund('refund_in_progress');
  if (earlier) await resolveRefund(earlier, operatorBook());
  const before = await readPaymentOn(api, impUid);
  if (before.status !== 'paid' || balanceOf(before) <= 0) throw refuseRefund('not_refundable');
  if (balanceOf(before) !== request.refundable) throw conflict(balanceOf(before));
  const refundAccount = await refundDestination(record, before, request.refundAccount);
  const now = await serviceNowOn(api);
  const db = await getDb();
  const claim = await db.transaction((tx) =>
    promiseRefund(tx, {
      payment: before,
      api,
      merchantUid,
      userId: record.customer.id,
      origin: 'operator',
      operator,
      amount: request.amount,
      // What the customer reads (the service's record, the refund mail); the note stays in the audit log.
      reason: refundReasonForCustomer[request.reason],
      now,
      refundAccount,
    }),
  );
  if (claim.kind === 'in_flight') throw refuseRefund('refund_in_progress');
  if (claim.kind === 'stale') throw conflict(await balanceNow(impUid, api));
  const made = { ended: false };
  const book = operatorBook({ reason: request.reason, note: request.note || null }, made);
  const outcome = await makeRefund(claim.refund, book);
  if (outcome.kind === 'unknown') throw refuseRefund('refund_unknown');
  if (outcome.kind === 'refused') {
    if (outcome.superseded) throw conflict(await balanceNow(impUid, api));
    throw refuseRefund('refund_refused', `결제 서비스가 환불을 거절했습니다: ${outcome.message}`);
  }
  const after = outcome.kind === 'refunded' ? outcome.payment : await readPaymentOn(api, impUid);
  if (made.ended) await afterEnding(outcome.refund);
  return {
    refunded: outcome.refund.amount,
    refundable: balanceOf(after),
    status: after.status,
    endedSubscription: made.ended,
  };
}

/** 409: the balance the operator named is not the balance now (another refund came first); says what it is. */
const conflict = (balance: number | undefined) =>
  refuseRefund(
    'refund_conflict',
    balance === undefined
      ? undefined
      : `그 사이 다른 환불이 먼저 이루어졌습니다. 지금 환불 가능 금액은 ${balance.toLocaleString('ko-KR')}원입니다. 새로 고친 뒤 다시 시도해 주세요.`,
  );

/** The balance by the service's record now; unknown when it cannot be read (the 409 stands either way). */
async function balanceNow(impUid: string, api: Api): Promise<number | undefined> {
  try {
    const payment = await readPaymentOn(api, impUid);
    return payment.status === 'paid' ? balanceOf(payment) : 0;
  } catch (error) {
    if (error instanceof IamportError) return undefined;
    throw error;
  }
}

/**
 * An operator's refund resolved: made → the order's or charge's refund recorded from the record
 * (with the customer's mail) and the audit row under the operator who accepted it (`made.ended`
 * says whether it ended a subscription); never made → reported in the audit log.
 */
export function operatorBook(
  audit: { reason: string | null; note: string | null } = { reason: null, note: null },
  made = { ended: false },
): RefundBook {
  return {
    async made(tx, refund, payment) {
      const found = await findPaymentRecord(refund.merchantUid, tx);
      if (found?.type === 'order') await recordOrderRefund(found.order, payment, tx);
      else if (found) {
        const now = refund.resolvedAt ?? refund.requestedAt;
        made.ended = (await recordChargeRefund(tx, found.charge.id, payment, now))?.endedSubscription ?? false;
      }
      await appendAudit(tx, operatorOf(refund), {
        action: 'payment.refund',
        targetType: found?.type ?? 'payment',
        targetId: refund.merchantUid,
        amount: refund.amount,
        ...audit,
        result: `refunded ${refund.amount}; ${balanceOf(payment)} left${made.ended ? '; subscription ended' : ''}`,
      });
    },
    async failed(tx, refund, message) {
      await appendAudit(
        tx,
        operatorOf(refund),
        refundFailedAudit(refund, { action: 'payment.refund_failed', targetType: 'payment' }, message),
      );
    },
  };
}

const operatorOf = (refund: Refund) => ({ id: refund.operatorId ?? '', email: refund.operatorEmail ?? '' });

/** After the commit: a refund that ended a subscription takes its next booking back at the service. */
export async function afterEnding(refund: Refund): Promise<void> {
  const found = await findPaymentRecord(refund.merchantUid);
  if (found?.type === 'subscription_charge') await withdrawBookingAfterRefund(found.subscription.id);
}
