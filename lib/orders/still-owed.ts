import 'server-only';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { getDb, orders } from '@/lib/db';
import { deliveryStateLabel, RETURN_WINDOW_SECONDS } from '@/lib/orders/fulfilment-words';
import type { OwedOrder } from '@/lib/orders/order-view';
import type { Order } from './orders';

/**
 * Whether the law still owes the customer something on a paid order: the goods not yet delivered,
 * a return (청약철회) still possible — within 7 days of delivery, service clock — or one under way.
 * 회원탈퇴 does not cancel these: the customer is told before, and the console marks them.
 */
export function stillOwed(order: Order, now: number): boolean {
  if (order.status !== 'paid' || !order.shipping || order.fulfilment === 'cancelled') return false;
  if (order.returnStatus === 'requested') return true;
  if (order.fulfilment !== 'delivered') return true;
  return order.returnStatus === null && order.deliveredAt !== null && now < order.deliveredAt + RETURN_WINDOW_SECONDS;
}

/** The customer's orders still owed something (oldest first). */
export async function ordersStillOwed(userId: string, now: number): Promise<OwedOrder[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'paid'), isNotNull(orders.shipping)))
    .orderBy(asc(orders.createdAt));
  return rows
    .filter((order) => stillOwed(order, now))
    .map((order) => ({
      orderNumber: order.orderNumber,
      productName: order.productName,
      state: deliveryStateLabel(order),
    }));
}
