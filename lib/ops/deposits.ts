import 'server-only';
import { and, asc, eq, gt, lte, type SQL, sql } from 'drizzle-orm';
import { getDb, orders, users } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { type DepositFilters, type DepositPage, DUE_SOON_SECONDS, depositState } from '@/lib/ops/client/deposits';

const waiting = and(eq(orders.status, 'awaiting'), eq(orders.payMethod, 'vbank'));

/**
 * 가상계좌 orders waiting for their deposit, the nearest due first, judged by the service's clock
 * (what decides the deadline). `expired`: the due time has passed and the order is still awaiting
 * (reconciliation or the next look at the service has not cancelled it yet).
 */
export async function listAwaitingDeposits(filters: DepositFilters): Promise<DepositPage> {
  // Fresh: the marks are decisions at an edge, and the clock may have moved since the last answer.
  const now = await iamport().serviceNow({ fresh: true });
  const where: (SQL | undefined)[] = [waiting];
  if (filters.state === 'expired') where.push(lte(orders.vbankDue, now));
  if (filters.state === 'due_soon')
    where.push(and(gt(orders.vbankDue, now), lte(orders.vbankDue, now + DUE_SOON_SECONDS)));
  const condition = and(...where);
  const db = await getDb();
  const [rows, total] = await Promise.all([
    db
      .select({ order: orders, email: users.email })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(condition)
      .orderBy(sql`${orders.vbankDue} asc nulls last`, asc(orders.createdAt))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.$count(orders, condition),
  ]);
  return {
    rows: rows.map(({ order, email }) => ({
      merchantUid: order.merchantUid,
      orderNumber: order.orderNumber,
      productName: order.productName,
      amount: order.amount,
      customerEmail: email,
      bankName: order.vbankName,
      accountNumber: order.vbankNum,
      holder: order.vbankHolder,
      due: order.vbankDue,
      state: depositState(order.vbankDue, now),
      createdAt: order.createdAt.toISOString(),
    })),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
    now,
  };
}
