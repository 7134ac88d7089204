import 'server-only';
import type { Payment } from '@/lib/iamport';
import type { OrderSummary } from '@/lib/shared/orders';
import { findOrderByMerchantUid, listUserOrders, toOrderSummary } from './orders';
import { applyPayment, settlePendingOrder } from './settle';

/** How many pending orders one read of the list looks up at the service (the page polls while any is pending). */
const SETTLE_PER_READ = 5;

/** The user's orders, newest first; pending ones are looked up at the service on the way. */
export async function orderHistory(userId: string): Promise<OrderSummary[]> {
  const list = await listUserOrders(userId);
  const pending = list.filter((order) => order.status === 'pending').slice(0, SETTLE_PER_READ);
  const settled = new Map((await Promise.all(pending.map((order) => settlePendingOrder(order)))).map((o) => [o.id, o]));
  return list.map((order) => toOrderSummary(settled.get(order.id) ?? order));
}

/** The webhook's handler for order payments (merchant_uid `ord_…`): the re-read record settles the order. */
export async function settleOrderFromNotice(payment: Payment): Promise<string> {
  const order = await findOrderByMerchantUid(payment.merchant_uid);
  if (!order) return `ignored: no order ${payment.merchant_uid}`;
  return `order ${(await applyPayment(order, payment)).status}`;
}
