import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { appendAudit } from '@/lib/audit';
import { orders } from '@/lib/db';
import { iamport, type Payment } from '@/lib/iamport';
import { enqueueMail, orderUpdate } from '@/lib/mail';
import {
  makeRefund,
  type Refund,
  type RefundAccount,
  type RefundOutcome,
  type RefundTx,
  refundableOf,
  resolveRefund,
  serviceNowOn,
} from '@/lib/payments';
import { trySettleCashReceipt } from './cash-receipt-settle';
import {
  customerActor,
  latestOrderRefund,
  orderRefundBook,
  promiseOrderRefund,
  RefundRaced,
  readRefundable,
  refuseRaced,
  withRefundLock,
} from './order-refunds';
import { type Order, reloadOrder } from './orders';
import { refundAccountFor } from './refund-account';
import { refuseOrder } from './refusals';
import { closeVbank } from './vbank';

export const CANCEL_REASON = '고객 주문 취소(발송 전): 전액 환불';

/**
 * What a cancel came to: the refund made, or still being confirmed (reconciliation finishes it);
 * `none`: nothing had been paid (a 가상계좌 closed before its deposit).
 */
export type CancelResult = { refund: 'made' | 'pending' | 'failed' | 'none'; amount: number };

/**
 * The customer's cancel before shipping (청약철회 in one step), with a refund of everything left of
 * the payment. The cancel and the promise of its refund are one transaction, under the payment's
 * refund lock, whose update holds only while the order is unshipped and paid — an operator shipping
 * at the same moment makes exactly one of the two happen (the loser gets a 409). The refund is then
 * asked once (checksum: the balance read just before); a lost answer is resolved from the record's
 * cancel_history, now or by reconciliation. Calling it again — a double click, ten taps at once, a
 * retry after a lost answer — answers with the cancel already decided (resolving it if it is still
 * in flight) and never refunds twice.
 */
export async function cancelOrder(placed: Order): Promise<CancelResult> {
  let order = placed;
  // A 가상계좌 still waiting: its account is closed, nothing to refund — unless the deposit came first,
  // or part of it did (then that part goes back to the customer's account, closing the account).
  if (order.status === 'awaiting' && order.payMethod === 'vbank') {
    const decided = await decidedCancel(order);
    if (decided) return decided;
    order = await closeVbank(order);
    // Closed empty; or closed by another tap's refund of the part deposited (answered with that refund).
    if (order.status === 'cancelled') return (await decidedCancel(order)) ?? { refund: 'none', amount: 0 };
    if (order.status === 'awaiting') return cancelPartlyPaid(order);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const current = attempt === 0 ? order : await reloadOrder(order);
    const decided = await decidedCancel(current);
    if (decided) return decided;
    if (current.fulfilment === 'shipped' || current.fulfilment === 'delivered') throw refuseOrder('already_shipped');
    if (current.status !== 'paid' || !current.impUid || !current.shipping) throw refuseOrder('not_cancellable');
    const { payment, refundable: balance } = await readRefundable(current.impUid, current.api);
    // Nothing left: a cancel that raced this one may have been refunded just now (the next round finds it).
    if (balance <= 0) continue;
    // A 가상계좌's refund goes to the customer's account: without one on file, a 409 and nothing changes.
    const refundAccount = refundAccountFor(current, payment);
    const now = await serviceNowOn(current.api);
    let promise: Refund;
    try {
      promise = await withRefundLock(current.impUid, (tx) =>
        cancelAndPromise(tx, current, { payment, balance, now, refundAccount }),
      );
    } catch (error) {
      if (error instanceof CancelRaced) continue;
      if (!(error instanceof RefundRaced)) throw error;
      // In flight: this order's own cancel (answered with it next round) or an operator's refund (409).
      if (error.claim.kind === 'in_flight' && error.claim.refund.origin === 'operator') throw refuseRaced();
      continue;
    }
    const outcome = await makeRefund(promise, orderRefundBook);
    // Refunded in full: its 현금영수증 is cancelled with it (reconciliation does it if this cannot).
    await trySettleCashReceipt(await reloadOrder(current));
    return resultOf(outcome);
  }
  throw refuseOrder('not_cancellable');
}

/**
 * A 가상계좌 with part of its amount deposited (its account cannot be closed empty): the cancel and the
 * promise of refunding what was deposited, to the customer's account, are one transaction under the
 * refund lock; the refund closes the account at the service, and the order is cancelled with it.
 * Without an account on file: 409 `refund_account_required`, nothing changes.
 */
async function cancelPartlyPaid(order: Order): Promise<CancelResult> {
  if (!order.impUid) throw refuseOrder('not_cancellable');
  const impUid = order.impUid;
  const payment = await iamport().payments.get({ imp_uid: impUid });
  const balance = refundableOf(payment);
  if (payment.status !== 'ready' || balance <= 0) return answerDecided(order);
  const refundAccount = refundAccountFor(order, payment);
  const now = await iamport().serviceNow();
  let promise: Refund;
  try {
    promise = await withRefundLock(impUid, async (tx) => {
      const [row] = await tx
        .update(orders)
        .set({ fulfilment: 'cancelled', updatedAt: new Date() })
        .where(and(eq(orders.id, order.id), eq(orders.status, 'awaiting'), eq(orders.fulfilment, 'ordered')))
        .returning();
      if (!row) throw new CancelRaced();
      const promised = await promiseOrderRefund(tx, row, {
        payment,
        origin: 'order_cancel',
        amount: balance,
        reason: PART_CANCEL_REASON,
        now,
        refundAccount,
      });
      await enqueueMail(tx, orderUpdate(row, 'cancelled', now, { refund: balance }));
      await appendAudit(tx, customerActor(row.userId), {
        action: 'order.cancel',
        targetType: 'order',
        targetId: row.merchantUid,
        amount: balance,
        result: 'cancelled before the full deposit',
      });
      return promised;
    });
  } catch (error) {
    // Another cancel decided first (a second tap): answered with its refund.
    if (error instanceof CancelRaced || error instanceof RefundRaced) return answerDecided(order);
    throw error;
  }
  return resultOf(await makeRefund(promise, orderRefundBook));
}

/** Another tap decided first (its refund made, or in flight): answered with it; anything else is a 409. */
async function answerDecided(order: Order): Promise<CancelResult> {
  const decided = await decidedCancel(await reloadOrder(order));
  if (decided) return decided;
  throw refuseRaced();
}

export const PART_CANCEL_REASON = '고객 주문 취소(입금 완료 전): 입금된 금액 환불';

/** Thrown inside the transaction to undo it: another cancel changed the order first. */
class CancelRaced extends Error {}

/** A cancel decided before (its refund in flight or made): what it came to. */
async function decidedCancel(order: Order): Promise<CancelResult | undefined> {
  const earlier = await latestOrderRefund(order.merchantUid);
  if (earlier?.status === 'requested') return resultOf(await resolveRefund(earlier, orderRefundBook));
  if (order.fulfilment !== 'cancelled') return undefined;
  if (earlier?.origin === 'order_cancel' && earlier.status === 'made')
    return { refund: 'made', amount: earlier.amount };
  // Cancelled with nothing left to give back (refunded from the console before): done.
  if (order.status !== 'paid') return { refund: 'made', amount: order.refundedAmount };
  return undefined;
}

async function cancelAndPromise(
  tx: RefundTx,
  order: Order,
  {
    payment,
    balance,
    now,
    refundAccount,
  }: { payment: Payment; balance: number; now: number; refundAccount: RefundAccount | undefined },
) {
  const [row] = await tx
    .update(orders)
    .set({ fulfilment: 'cancelled', cancelledAt: order.cancelledAt ?? now, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.status, 'paid'),
        // `cancelled` again: a cancel whose refund was refused (another refund came first) is asked anew.
        inArray(orders.fulfilment, ['ordered', 'preparing', 'cancelled']),
      ),
    )
    .returning();
  if (!row) {
    // Shipped meanwhile (the operator won), or refunded meanwhile by a cancel that read the same
    // balance: the next round reads the order again and answers with what happened.
    const now = await tx.query.orders.findFirst({ where: eq(orders.id, order.id) });
    if (now?.fulfilment === 'shipped' || now?.fulfilment === 'delivered') throw refuseOrder('already_shipped');
    throw new CancelRaced();
  }
  const promised = await promiseOrderRefund(tx, row, {
    payment,
    origin: 'order_cancel',
    amount: balance,
    reason: CANCEL_REASON,
    now,
    refundAccount,
  });
  await enqueueMail(tx, orderUpdate(row, 'cancelled', now));
  await appendAudit(tx, customerActor(row.userId), {
    action: 'order.cancel',
    targetType: 'order',
    targetId: row.merchantUid,
    amount: balance,
    result: 'cancelled before shipping',
  });
  return promised;
}

function resultOf(outcome: RefundOutcome): CancelResult {
  const amount = outcome.refund.amount;
  switch (outcome.kind) {
    case 'refunded':
    case 'already':
      return { refund: outcome.refund.status === 'failed' ? 'failed' : 'made', amount };
    case 'refused':
      return { refund: 'failed', amount };
    case 'unknown':
      return { refund: 'pending', amount };
  }
}
