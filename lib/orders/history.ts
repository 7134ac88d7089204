import 'server-only';
import type { OrderSummary } from '@/lib/shared/orders';
import { listUserOrders, toOrderSummary } from './orders';
import { settlePendingOrder } from './settle';

/** How many pending orders one read of the list looks up at the service (the page polls while any is pending). */
const SETTLE_PER_READ = 5;

/** The user's orders, newest first; pending ones are looked up at the service on the way. */
export async function orderHistory(userId: string): Promise<OrderSummary[]> {
  const list = await listUserOrders(userId);
  const pending = list.filter((order) => order.status === 'pending').slice(0, SETTLE_PER_READ);
  const settled = new Map((await Promise.all(pending.map((order) => settlePendingOrder(order)))).map((o) => [o.id, o]));
  return list.map((order) => toOrderSummary(settled.get(order.id) ?? order));
}
