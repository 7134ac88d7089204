import 'server-only';
import { and, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { getDb, orders, users } from '@/lib/db';
import type { OpsOrder, OpsOrderFilters, OpsOrderQueue } from '@/lib/ops/client/orders';
import type { Order } from '@/lib/orders';

const QUEUE_LIMIT = 100;

const queueWhere: Record<OpsOrderQueue, SQL | undefined> = {
  to_ship: and(eq(orders.status, 'paid'), inArray(orders.fulfilment, ['ordered', 'preparing'])),
  shipping: and(eq(orders.status, 'paid'), eq(orders.fulfilment, 'shipped')),
  returns: eq(orders.returnStatus, 'requested'),
  recent: inArray(orders.status, ['paid', 'refunded']),
};

/** The console's fulfilment queue: orders with a delivery in one queue (oldest first, to ship in turn), or one by number. */
export async function listOrdersForOps(filters: OpsOrderFilters): Promise<{ rows: OpsOrder[] }> {
  const db = await getDb();
  const rows = await db
    .select({ order: orders, withdrawnAt: users.deletedAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        isNotNull(orders.shipping),
        filters.number ? eq(orders.orderNumber, filters.number) : queueWhere[filters.queue],
      ),
    )
    .orderBy(filters.queue === 'recent' ? desc(orders.createdAt) : orders.createdAt)
    .limit(QUEUE_LIMIT);
  return { rows: rows.map(({ order, withdrawnAt }) => toOpsOrder(order, withdrawnAt !== null)) };
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
