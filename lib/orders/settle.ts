import 'server-only';
import { getDb } from '@/lib/db';
import { IamportError, iamport, type Payment } from '@/lib/iamport';
import { enqueueMails, refundNotices } from '@/lib/mail';
import { buysNothing, mayStillArrive, resolveChargeOn } from '@/lib/payments';
import { methodOfPayment, type Settlement, settlement } from '@/lib/payments/client';
import { trySettleCashReceipt } from './cash-receipt-settle';
import { findOrderByMerchantUid, type Order, reloadOrder, transitionOrder } from './orders';
import { giveBack } from './owed-refunds';
import { recordOrderRefund } from './refunds';
import { VBANK_CLOSED, VBANK_EXPIRED } from './vbank-reasons';

// Settling an order from the service's payment record — the only source of truth about money.
// The same record may come from the charge's answer, the browser's callback, a webhook or a
// lookup, in any order and any number of times: each status change is conditional, so it happens once.

const cardOf = (payment: Payment) => [payment.card_name, payment.card_number].filter(Boolean).join(' ') || null;

/** Moves the order to what `payment` (a record of its merchant_uid, read with our key) says. */
export async function applyPayment(order: Order, payment: Payment): Promise<Order> {
  if (payment.merchant_uid !== order.merchantUid) throw new Error('payment of another order');
  switch (payment.status) {
    case 'paid': {
      if (payment.amount !== order.amount) return refundMismatch(order, payment);
      if (buysNothing(payment)) return refundUnusable(order, payment, SANDBOX_REASON);
      if (isGivenUp(order)) return refundUnusable(order, payment, GIVEN_UP_REASON);
      // A failure with a payment on record (a declined window) may be paid by another try of it.
      const from: Order['status'][] = ['created', 'pending', 'awaiting', ...(order.impUid ? ['failed' as const] : [])];
      const paid = await transitionOrder(order, from, {
        status: 'paid',
        impUid: payment.imp_uid,
        receiptUrl: payment.receipt_url,
        paidAt: payment.paid_at || null,
        cardLabel: order.cardLabel ?? cardOf(payment),
        payMethod: order.payMethod === 'cvs' ? 'cvs' : methodOfPayment(payment),
        failReason: null,
      });
      if (paid) return trySettleCashReceipt(paid);
      const settled = await reloadOrder(order);
      // Partly refunded at the service (the console, or its own): recorded on the order it rests on.
      if (settled.impUid === payment.imp_uid) return (await recordOrderRefund(settled, payment)) ?? settled;
      return refundIfSecond(settled, payment);
    }
    case 'failed': {
      // A 가상계좌 whose deadline passed unpaid: the order is cancelled, nothing was charged.
      if (order.status === 'awaiting' && payment.vbank_num) {
        const expired = await transitionOrder(order, ['awaiting'], {
          status: 'cancelled',
          failReason: VBANK_EXPIRED,
          cancelledAt: payment.failed_at || null,
        });
        return expired ?? reloadOrder(order);
      }
      const failed = await transitionOrder(order, ['created', 'pending'], {
        status: 'failed',
        impUid: payment.imp_uid,
        failReason: payment.fail_reason ?? '결제가 승인되지 않았습니다.',
        cardLabel: order.cardLabel ?? cardOf(payment),
      });
      return failed ?? reloadOrder(order);
    }
    case 'cancelled': {
      // A barcode cancelled before a store collected it: no money moved.
      if (order.method === 'cvs') {
        return (await transitionOrder(order, ['created', 'awaiting'], { status: 'cancelled' })) ?? reloadOrder(order);
      }
      // A 가상계좌 closed with part of its amount in it, that part refunded (the customer's cancel).
      if (order.status === 'awaiting' && payment.vbank_num && payment.cancel_amount > 0)
        return (await recordOrderRefund(order, payment)) ?? reloadOrder(order);
      // A 가상계좌 closed before its deposit (the customer's cancel, or the merchant's console): no money moved.
      if (order.status === 'awaiting' && payment.vbank_num && payment.amount > payment.cancel_amount) {
        const closed = await transitionOrder(order, ['awaiting'], {
          status: 'cancelled',
          failReason: VBANK_CLOSED,
          cancelledAt: payment.cancelled_at || null,
        });
        return closed ?? reloadOrder(order);
      }
      // Refunded at the service (our own mismatch refund, or the merchant's console) — only the
      // payment the order rests on counts, not an earlier attempt.
      if (order.impUid && order.impUid !== payment.imp_uid) return order;
      const refunded = await transitionOrder(
        order,
        ['created', 'pending', 'paid'],
        {
          status: 'refunded',
          impUid: payment.imp_uid,
          refundedAmount: payment.cancel_amount,
          failReason: order.failReason ?? payment.cancel_reason ?? '결제가 취소되었습니다.',
        },
        payment,
      );
      return refunded ?? reloadOrder(order);
    }
    case 'ready':
      return payment.vbank_num ? awaitDeposit(order, payment) : order;
  }
}

/**
 * A 가상계좌 issued for the order (status ready): the order waits for the deposit (입금 대기) with the
 * account the customer transfers to. An account for another amount is closed at the service.
 */
async function awaitDeposit(order: Order, payment: Payment): Promise<Order> {
  if (payment.amount !== order.amount) {
    const closed = await iamport()
      .vbanks.revoke({ imp_uid: payment.imp_uid })
      .catch((error: unknown) => {
        if (error instanceof IamportError) return null;
        throw error;
      });
    const reason = `발급된 가상계좌의 금액(${payment.amount}원)이 주문 금액(${order.amount}원)과 달라 계좌를 닫았습니다.`;
    if (!closed) return order;
    return (
      (await transitionOrder(order, ['created', 'pending'], {
        status: 'failed',
        impUid: payment.imp_uid,
        failReason: reason,
      })) ?? reloadOrder(order)
    );
  }
  const awaiting = await transitionOrder(order, ['created', 'pending'], {
    status: 'awaiting',
    impUid: payment.imp_uid,
    payMethod: 'vbank',
    vbankCode: payment.vbank_code,
    vbankName: payment.vbank_name,
    vbankNum: payment.vbank_num,
    vbankHolder: payment.vbank_holder,
    vbankDue: payment.vbank_date || null,
  });
  return awaiting ?? reloadOrder(order);
}

/**
 * A payment whose amount is not the order's (the browser tampered with it, or a provider skipped
 * the pre-registered amount): refunded in full, and the order says why.
 */
const refundMismatch = (order: Order, payment: Payment) =>
  refundUnusable(
    order,
    payment,
    `결제 금액(${payment.amount}원)이 주문 금액(${order.amount}원)과 달라 결제를 취소했습니다.`,
  );

const SANDBOX_REASON = '테스트 채널의 결제는 실제 결제가 아니어서 취소했습니다.';

/**
 * Failed with no payment on record: refused with nothing charged, or a lost charge given up on —
 * its customer was told nothing was charged and to try again, so a payment landing now buys nothing.
 */
const isGivenUp = (order: Order) => order.status === 'failed' && order.impUid === null;
const GIVEN_UP_REASON = '결제되지 않은 것으로 안내된 주문에 뒤늦게 들어온 결제라 취소했습니다.';

/**
 * A payment that cannot buy its order: given back in full, and the order says why. A 가상계좌's with no
 * refund account on file is owed (owed-refunds.ts) until the customer names one: the order fails
 * with the reason, its payment left off it (a later notice of the same payment finds the order given
 * up on and the refund already owed).
 */
async function refundUnusable(order: Order, payment: Payment, why: string): Promise<Order> {
  // A 가상계좌's goes back by transfer, maybe only once the customer names an account: "given back", not "cancelled".
  const reason = payment.pay_method === 'vbank' ? why.replace(/취소했습니다\.$/, '돌려드립니다.') : why;
  const given = await giveBack(order, payment, reason);
  if (given.kind === 'owed') {
    const failed = await transitionOrder(order, ['created', 'pending'], { status: 'failed', failReason: reason });
    return failed ?? reloadOrder(order);
  }
  const cancelled = given.payment;
  const refunded = await transitionOrder(
    order,
    ['created', 'pending', 'failed'],
    { status: 'refunded', impUid: payment.imp_uid, refundedAmount: cancelled.cancel_amount, failReason: reason },
    cancelled,
  );
  return refunded ?? reloadOrder(order);
}

/**
 * A paid payment for an order already settled by another payment (paid, refunded or cancelled: two
 * windows for one order, two 가상계좌 both deposited, a window replayed after a refund): it buys
 * nothing and is given back in full — a 가상계좌's to the order's refund account, or owed until one is named.
 */
async function refundIfSecond(order: Order, payment: Payment): Promise<Order> {
  if (order.impUid !== payment.imp_uid) {
    const given = await giveBack(order, payment, SECOND_REASON);
    if (given.kind === 'refunded')
      await enqueueMails(await getDb(), refundNotices(order.userId, order.productName, given.payment));
  }
  return order;
}

const SECOND_REASON = '이미 처리된 주문의 중복 결제';

/**
 * A pending order whose outcome this server has not seen (a lost answer, a browser that never
 * came back): looked up by merchant_uid. Nothing there once a charge can no longer arrive means
 * nothing was charged. Service trouble leaves it pending for the next look.
 */
export async function settlePendingOrder(order: Order, now = Date.now()): Promise<Order> {
  if (order.status !== 'pending') return order;
  try {
    const truth = await resolveChargeOn(order.api, order.merchantUid);
    if (truth.outcome !== 'not_found') return await applyPayment(order, truth.payment);
  } catch (error) {
    if (error instanceof IamportError) return order;
    throw error;
  }
  // Pending since its last change: the charge was sent (one-click), or the browser came back (window).
  if (mayStillArrive(order.updatedAt, now)) return order;
  const failed = await transitionOrder(order, ['pending'], {
    status: 'failed',
    failReason: '결제가 이루어지지 않았습니다. 다시 시도해 주세요.',
  });
  return failed ?? reloadOrder(order);
}

/** The webhook's handler for order payments (merchant_uid `ord_…`): the re-read record settles the order. */
export async function settleOrderFromNotice(payment: Payment): Promise<Settlement> {
  const order = await findOrderByMerchantUid(payment.merchant_uid);
  if (!order) return settlement('ignored', `ignored: no order ${payment.merchant_uid}`);
  const after = await applyPayment(order, payment);
  const changed = after.status !== order.status || after.refundedAmount !== order.refundedAmount;
  return settlement(changed ? 'applied' : 'already', `order ${after.status}`);
}
