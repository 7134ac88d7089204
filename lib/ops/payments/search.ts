import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { kstDayStart } from '@/lib/audit';
import { getDb } from '@/lib/db';
import type { Page } from '@/lib/ops/client/lists';
import type { PaymentFilters, PaymentRow } from '@/lib/ops/client/payments';

// Orders and subscription charges in one list: a union under the same columns, filtered, newest
// first, one page at a time with the total (window count) for the pager. A charge's method is its
// billing key's (a card or a wallet).
const unioned = sql`
  select o.merchant_uid, o.order_number, o.imp_uid,
    case o.method when 'billing_key' then 'one_click' when 'window' then 'window' else 'barcode' end as kind,
    case when o.status = 'paid' and o.refunded_amount > 0 then 'partially_refunded' else o.status end as status,
    o.product_name as name, o.amount, o.refunded_amount, u.email, o.created_at, o.paid_at,
    o.pay_method
  from orders o join users u on u.id = o.user_id
  union all
  select c.merchant_uid, null as order_number, c.imp_uid, 'subscription' as kind,
    case when c.status = 'paid' and c.refunded_amount > 0 then 'partially_refunded' else c.status end as status,
    s.plan_name as name, c.amount, c.refunded_amount, u.email, c.created_at,
    case when c.status in ('paid', 'refunded') then c.settled_at end as paid_at,
    coalesce(k.method, 'card') as pay_method
  from subscription_charges c join subscriptions s on s.id = c.subscription_id join users u on u.id = s.user_id
    left join cards k on k.customer_uid = c.customer_uid`;

interface Row extends Record<string, unknown> {
  merchant_uid: string;
  order_number: string | null;
  imp_uid: string | null;
  kind: PaymentRow['kind'];
  status: PaymentRow['status'];
  name: string;
  amount: number;
  refunded_amount: number;
  email: string;
  created_at: string | Date;
  paid_at: number | null;
  pay_method: PaymentRow['payMethod'];
  total: string | number;
}

/** Both drivers answer raw queries with `{ rows }` (node-postgres' QueryResult, PGlite's Results). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export async function searchPayments(filters: PaymentFilters): Promise<Page<PaymentRow>> {
  const where: SQL[] = [];
  if (filters.orderNumber) where.push(sql`order_number = ${filters.orderNumber}`);
  if (filters.merchantUid) where.push(sql`merchant_uid = ${filters.merchantUid}`);
  if (filters.impUid) where.push(sql`imp_uid = ${filters.impUid}`);
  if (filters.email) where.push(sql`email = ${filters.email.toLowerCase()}`);
  if (filters.status) where.push(sql`status = ${filters.status}`);
  if (filters.kind) where.push(sql`kind = ${filters.kind}`);
  if (filters.method) where.push(sql`pay_method = ${filters.method}`);
  if (filters.from) where.push(sql`created_at >= ${kstDayStart(filters.from).toISOString()}`);
  if (filters.to) where.push(sql`created_at < ${kstDayStart(filters.to, 1).toISOString()}`);
  const condition = where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``;
  const db = await getDb();
  const result = await db.execute(sql`
    with payments as (${unioned})
    select *, count(*) over () as total from payments ${condition}
    order by created_at desc, merchant_uid
    limit ${filters.pageSize} offset ${(filters.page - 1) * filters.pageSize}`);
  const rows = rowsOf<Row>(result);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && filters.page > 1) {
    // Past the last page: the count still comes back, for the pager.
    const counted = await db.execute(
      sql`with payments as (${unioned}) select count(*) as total from payments ${condition}`,
    );
    total = Number(rowsOf<{ total: string | number }>(counted)[0]?.total ?? 0);
  }
  return {
    rows: rows.map((row) => ({
      merchantUid: row.merchant_uid,
      orderNumber: row.order_number,
      impUid: row.imp_uid,
      kind: row.kind,
      payMethod: row.pay_method,
      status: row.status,
      name: row.name,
      amount: row.amount,
      refundedAmount: row.refunded_amount,
      customerEmail: row.email,
      createdAt: new Date(row.created_at).toISOString(),
      paidAt: row.paid_at,
    })),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}
