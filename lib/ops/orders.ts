import 'server-only';
import type { OpsOrder, OpsOrderFilters } from '@/lib/ops/client/orders';
import type { Order } from '@/lib/orders';
import { listOrderQueue } from '@/lib/orders';

const QUEUE_LIMIT = 100;

/** The console's fulfilment queue: orders with a delivery in one queue (oldest first, to ship in turn), or one by number. */
export async function listOrdersForOps(filters: OpsOrderFilters): Promise<{ rows: OpsOrder[] }> {
  const rows = await listOrderQueue(filters, QUEUE_LIMIT);
  return { rows: rows.map(({ order, customerWithdrawn }) => toOpsOrder(order, customerWithdrawn)) };
}

/**
 * An order as the queue shows it. `customerWithdrawn`: the customer left (회원탈퇴) — the order is
 * still delivered, and a cancel or return they ask for by phone is made from the payment's page;
 * a step's answer leaves it false, the queue being read again after every step.
 */
export const toOpsOrder = (order: Order, customerWithdrawn = false): OpsOrder => ({
  orderNumber: order.orderNumber,
  merchantUid: order.merchantUid,
  productName: order.productName,
  quantity: order.quantity,
  amount: order.amount,
  refundedAmount: order.refundedAmount,
  payMethod: order.payMethod,
  status: order.status,
  fulfilment: order.fulfilment,
  shipping: order.shipping,
  carrier: order.carrier,
  trackingNumber: order.trackingNumber,
  paidAt: order.paidAt,
  deliveredAt: order.deliveredAt,
  returnStatus: order.returnStatus,
  returnReason: order.returnReason,
  returnFee: order.returnFee,
  customerWithdrawn,
});
