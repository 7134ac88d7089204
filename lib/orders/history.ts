import 'server-only';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { getDb, orders, preparedStatement } from '@/lib/db';
import type { OrderSummary } from '@/lib/orders/order-view';
import { listUserOrders, toOrderSummary } from './orders';
import { settlePendingOrder } from './settle';

/** How many pending orders one read of the list looks up at the service (the page polls while any is pending). */
const SETTLE_PER_READ = 5;
/** The list's length: the newest orders. */
const LIST_LIMIT = 50;

/** The user's orders, newest first; pending ones are looked up at the service on the way. */
export async function orderHistory(userId: string): Promise<OrderSummary[]> {
  const list = await listUserOrders(userId, LIST_LIMIT);
  const pending = list.filter((order) => order.status === 'pending').slice(0, SETTLE_PER_READ);
  const settled = new Map((await Promise.all(pending.map((order) => settlePendingOrder(order)))).map((o) => [o.id, o]));
  return list.map((order) => toOrderSummary(settled.get(order.id) ?? order));
}

/** Built once (lib/db/prepared.ts): every read of the list runs it. */
const historyJson = preparedStatement((db) => {
  const newest = db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, sql.placeholder('userId')), ne(orders.status, 'created')))
    .orderBy(desc(orders.createdAt))
    .limit(LIST_LIMIT)
    .as('o');
  // Keys and values as toOrderSummary gives them (a test compares the two on both engines).
  return db
    .select({
      list: sql<string>`coalesce(json_agg(json_build_object(
          'id', o.id, 'merchantUid', o.merchant_uid, 'orderNumber', o.order_number, 'fulfilment', o.fulfilment, 'productId', o.product_id, 'productName', o.product_name,
          'amount', o.amount, 'quantity', o.quantity, 'shippingFee', o.shipping_fee, 'shipping', o.shipping,
          'method', o.method, 'status', case o.status when 'created' then 'pending' else o.status end,
          'cardLabel', o.card_label, 'failReason', o.fail_reason, 'receiptUrl', o.receipt_url,
          'refundedAmount', o.refunded_amount, 'returnStatus', o.return_status, 'paidAt', o.paid_at, 'barcode', o.barcode, 'collectBy', o.collect_by,
          'payMethod', o.pay_method,
          'vbank', case when o.vbank_num is not null and o.vbank_due is not null then json_build_object(
            'bankName', coalesce(o.vbank_name, o.vbank_code, ''), 'accountNumber', o.vbank_num, 'holder', coalesce(o.vbank_holder, ''), 'due', o.vbank_due) end,
          'createdAt', to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        ) order by o.created_at desc), '[]')::text`,
      // A pending order is looked up at the service first; a failed one's reason is put in the
      // customer's words (lib/payments/failure-words), which SQL does not know: both take the way above.
      pending: sql<boolean>`coalesce(bool_or(o.status in ('pending', 'failed')), false)`,
    })
    .from(newest)
    .prepare('order_history_json');
});

/**
 * The same list as JSON text (an array of OrderSummary), for GET /api/orders. The database writes
 * the JSON in the one statement that reads the orders: one row with one field, where reading 50
 * rows of 18 columns, mapping and stringifying them was most of the route's CPU (PGlite decodes
 * every field in JS; see docs/benchmarks.md). A list with a pending order (looked up at the
 * service first) or a failed one (its reason in the customer's words) takes the way above.
 */
export async function orderHistoryJson(userId: string): Promise<string> {
  const [row] = await historyJson(await getDb()).execute({ userId });
  if (!row || row.pending) return JSON.stringify(await orderHistory(userId));
  return row.list;
}
