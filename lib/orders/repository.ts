import 'server-only';
import { and, desc, eq, gt, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { UserRow } from '@/lib/accounts';
import { type Db, getDb, orders, users } from '@/lib/db';
import type { WebhookHint } from '@/lib/iamport';
import { kindOf } from '@/lib/payments';
import type { Api } from '@/lib/provider';
import type { Order } from './orders';

// The orders table as other domains ask it: they call these instead of writing its SQL, so what an
// order's status means stays here. Every write of the table is in lib/orders too (open-order.ts,
// orders.ts' transitionOrder, the fulfilment steps).

/** Orders whose outcome may have been missed (still created, pending or awaiting), opened after `since`. */
export async function listOpenOrdersSince(since: Date): Promise<Order[]> {
  const db = await getDb();
  return db.query.orders.findMany({
    where: and(inArray(orders.status, ['created', 'pending', 'awaiting']), gt(orders.createdAt, since)),
  });
}

/**
 * 가상계좌 orders still waiting whose deadline has passed at `now` (service clock): the service sends
 * no notice when an account expires, so reconciliation reads each one's record (oldest deadline first).
 */
export async function listVbanksPastDue(now: number, limit = 500): Promise<Order[]> {
  const db = await getDb();
  return db.query.orders.findMany({
    where: and(eq(orders.status, 'awaiting'), eq(orders.payMethod, 'vbank'), lte(orders.vbankDue, now)),
    orderBy: [orders.vbankDue],
    limit,
  });
}

/** The imp_uids among `impUids` that a paid order rests on. */
export async function paidOrderImpUids(impUids: string[]): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ impUid: orders.impUid })
    .from(orders)
    .where(and(inArray(orders.impUid, impUids), eq(orders.status, 'paid')));
  return rows.map((row) => row.impUid ?? '');
}

/** Whether any order was made on `api` (reconciliation sweeps an API the shop has payments on). */
export async function anyOrderOn(api: Api): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.api, api)).limit(1);
  return row !== undefined;
}

/** The order statuses in which a notice of this status has nothing left to do (its payment already applied). */
const SETTLED_AS: Partial<Record<WebhookHint['status'], Order['status'][]>> = {
  // A 가상계좌 issued: the window's return (or an earlier notice) already left the order waiting on it.
  ready: ['awaiting'],
  paid: ['paid'],
  failed: ['failed'],
  cancelled: ['refunded', 'cancelled'],
};

/**
 * A query of one column, `outcome` (`order paid`, …): one row when the notice's order is already
 * settled with this very payment and status, else none. Undefined when the notice is not an order's
 * or its status never finds an order settled in advance. A query, not a call, so that the webhook
 * embeds it in the statement recording the delivery: one round trip for the common notice.
 */
export function orderSettledByNotice(hint: Pick<WebhookHint, 'merchant_uid' | 'imp_uid' | 'status'>): SQL | undefined {
  const statuses = SETTLED_AS[hint.status];
  if (!statuses || kindOf(hint.merchant_uid) !== 'ord') return undefined;
  return sql`select 'order ' || ${orders.status} as outcome
    from ${orders}
    where ${orders.merchantUid} = ${hint.merchant_uid} and ${orders.impUid} = ${hint.imp_uid}
      and ${orders.status} in (${sql.join(
        statuses.map((status) => sql`${status}`),
        sql`, `,
      )})`;
}

/** The order of `merchantUid` with its customer (the console's payment page and refunds), in `executor`'s transaction if given. */
export async function findOrderWithCustomer(
  merchantUid: string,
  executor?: Pick<Db, 'select'>,
): Promise<{ order: Order; customer: UserRow } | undefined> {
  const db = executor ?? (await getDb());
  const [found] = await db
    .select({ order: orders, customer: users })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.merchantUid, merchantUid))
    .limit(1);
  return found;
}

/** The fulfilment queues of orders with a delivery: to ship, on the way, returns asked for, recent ones. */
export type OrderQueue = 'to_ship' | 'shipping' | 'returns' | 'recent';

const queueWhere: Record<OrderQueue, SQL | undefined> = {
  to_ship: and(eq(orders.status, 'paid'), inArray(orders.fulfilment, ['ordered', 'preparing'])),
  shipping: and(eq(orders.status, 'paid'), eq(orders.fulfilment, 'shipped')),
  returns: eq(orders.returnStatus, 'requested'),
  recent: inArray(orders.status, ['paid', 'refunded']),
};

/**
 * Orders with a delivery in one queue (oldest first, to ship in turn; recent: newest first), or the
 * one of that number; with whether its customer has left (회원탈퇴).
 */
export async function listOrderQueue(
  filters: { queue: OrderQueue; number?: string; method?: Order['payMethod'] },
  limit: number,
): Promise<{ order: Order; customerWithdrawn: boolean }[]> {
  const db = await getDb();
  const rows = await db
    .select({ order: orders, withdrawnAt: users.deletedAt })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(
      and(
        isNotNull(orders.shipping),
        filters.number ? eq(orders.orderNumber, filters.number) : queueWhere[filters.queue],
        filters.method ? eq(orders.payMethod, filters.method) : undefined,
      ),
    )
    .orderBy(filters.queue === 'recent' ? desc(orders.createdAt) : orders.createdAt)
    .limit(limit);
  return rows.map(({ order, withdrawnAt }) => ({ order, customerWithdrawn: withdrawnAt !== null }));
}
