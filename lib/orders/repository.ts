import 'server-only';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { orders } from '@/lib/db/schema';
import type { WebhookHint } from '@/lib/iamport';
import { kindOf } from '@/lib/payments/ids';
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

/** The imp_uids among `impUids` that a paid order rests on. */
export async function paidOrderImpUids(impUids: string[]): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ impUid: orders.impUid })
    .from(orders)
    .where(and(inArray(orders.impUid, impUids), eq(orders.status, 'paid')));
  return rows.map((row) => row.impUid ?? '');
}

/** The order statuses in which a notice of this status has nothing left to do (its payment already applied). */
const SETTLED_AS: Partial<Record<WebhookHint['status'], Order['status'][]>> = {
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
