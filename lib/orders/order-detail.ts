import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, orders } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { fulfilmentLabel, RETURN_WINDOW_SECONDS, type TimelineStep } from '@/lib/orders/fulfilment-words';
import type { OrderDetail } from '@/lib/orders/order-view';
import { bankName, formatDateTime, formatWon, maskAccount } from '@/lib/values/client';
import { mayRequestReturn } from './fulfilment';
import { ORDER_NUMBER_PATTERN } from './order-number';
import { latestOrderRefund } from './order-refunds';
import { type Order, toOrderSummary } from './orders';
import { owedRefundsOf, owedRefundView } from './owed-refunds';
import { refuseOrder } from './refusals';
import { settlePendingOrder } from './settle';
import { settleAwaitingVbank } from './vbank';

/** The customer's own order by its number; anyone else's, or a malformed number, is not found (404). */
export async function findOwnOrder(userId: string, orderNumber: string): Promise<Order> {
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) throw refuseOrder('order_not_found');
  const db = await getDb();
  const order = await db.query.orders.findFirst({
    where: and(eq(orders.userId, userId), eq(orders.orderNumber, orderNumber)),
  });
  // An order never paid (a window left open) is an attempt, not an order the customer has.
  if (!order || order.status === 'created') throw refuseOrder('order_not_found');
  return order;
}

/** The order page's data: the summary, the timeline, and what the customer may do now (service clock). */
export async function orderDetail(userId: string, orderNumber: string): Promise<OrderDetail> {
  const found = await findOwnOrder(userId, orderNumber);
  // Still open at the service: looked up, so a lost notice (a deposit, an expired account) never shows stale.
  const order =
    found.status === 'pending'
      ? await settlePendingOrder(found)
      : found.status === 'awaiting'
        ? await settleAwaitingVbank(found)
        : found;
  // A delivered order's return window is decided at its edge: the service's clock read now, not estimated.
  const atEdge = order.fulfilment === 'delivered' && order.returnStatus === null;
  const [refund, now, owed] = await Promise.all([
    latestOrderRefund(order.merchantUid),
    iamport().serviceNow({ fresh: atEdge }),
    owedRefundsOf(order.merchantUid),
  ]);
  const refundState =
    refund?.status === 'requested' ? 'pending' : refund?.status === 'failed' ? 'failed' : refund ? 'made' : null;
  return {
    ...toOrderSummary(order),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    timeline: timelineOf(order),
    returnStatus: order.returnStatus,
    returnReason: order.returnReason,
    returnFee: order.returnFee,
    returnDeclineReason: order.returnDeclineReason,
    refundState,
    refundAccount:
      order.refundBank && order.refundAccount && order.refundHolder
        ? {
            bankName: bankName(order.refundBank),
            account: maskAccount(order.refundAccount),
            holder: order.refundHolder,
          }
        : null,
    owedRefunds: owed.map(owedRefundView),
    mayCancel:
      (order.status === 'awaiting' && order.payMethod === 'vbank') ||
      (order.status === 'paid' &&
        order.shipping !== null &&
        (order.fulfilment === 'ordered' || order.fulfilment === 'preparing')),
    mayRequestReturn: mayRequestReturn(order, now),
    returnUntil: order.deliveredAt === null ? null : order.deliveredAt + RETURN_WINDOW_SECONDS,
  };
}

const step = (label: string, at: number | null, detail?: string): TimelineStep => ({
  label,
  at,
  detail,
  state: at === null ? 'todo' : 'done',
});

/**
 * 결제 완료 → 배송 준비 중 → 배송 중 → 배송 완료, with a cancel or a return as the last step when
 * there is one. The first step not reached is `current` (what happens next).
 */
export function timelineOf(order: Order): TimelineStep[] {
  if (order.payMethod === 'vbank' && order.vbankDue !== null) {
    const unpaid = vbankSteps(order);
    if (unpaid) return unpaid;
  }
  const paidAt = order.paidAt ?? (order.status === 'paid' || order.status === 'refunded' ? 0 : null);
  if (order.fulfilment === 'cancelled') {
    return [
      step(fulfilmentLabel.ordered, paidAt),
      {
        ...step('주문 취소', order.cancelledAt, `발송 전 취소 · 환불 ${formatWon(order.refundedAmount)}`),
        state: 'stopped',
      },
    ];
  }
  const steps = [
    step(fulfilmentLabel.ordered, paidAt),
    step(fulfilmentLabel.preparing, order.preparingAt ?? order.shippedAt),
    step(
      fulfilmentLabel.shipped,
      order.shippedAt,
      order.carrier ? `${order.carrier} · 운송장 ${order.trackingNumber}` : undefined,
    ),
    step(fulfilmentLabel.delivered, order.deliveredAt),
  ];
  if (order.returnStatus) {
    const label = { requested: '반품 요청', approved: '반품 승인 · 환불', declined: '반품 거절' }[order.returnStatus];
    const at = order.returnStatus === 'requested' ? order.returnRequestedAt : order.returnDecidedAt;
    steps.push({ ...step(label, at, order.returnReason ?? undefined), state: 'stopped' });
  } else if (order.status === 'refunded') {
    steps.push({ ...step('환불', order.paidAt, `환불 ${formatWon(order.refundedAmount)}`), state: 'stopped' });
  }
  const next = steps.findIndex((s) => s.state === 'todo');
  if (next >= 0 && order.status === 'paid') steps[next] = { ...steps[next], state: 'current' } as TimelineStep;
  return steps;
}

/** A 가상계좌 waiting for its deposit (입금 대기, then the order's way), or ended unpaid; undefined once paid. */
function vbankSteps(order: Order): TimelineStep[] | undefined {
  const due = order.vbankDue === null ? '' : `${formatDateTime(order.vbankDue)}까지 입금`;
  if (order.status === 'awaiting') {
    return [
      { ...step('입금 대기', null, due), state: 'current' },
      step(fulfilmentLabel.ordered, null),
      step(fulfilmentLabel.preparing, null),
      step(fulfilmentLabel.shipped, null),
      step(fulfilmentLabel.delivered, null),
    ];
  }
  if (order.status === 'cancelled') {
    return [{ ...step('주문 취소', order.cancelledAt, order.failReason ?? undefined), state: 'stopped' }];
  }
  return undefined;
}
