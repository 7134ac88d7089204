import 'server-only';
import { desc, eq } from 'drizzle-orm';
import { getDb, orders, owedRefunds, users } from '@/lib/db';
import type { OwedFilters, OwedRefundPage } from '@/lib/ops/client/owed-refunds';
import { bankName, maskAccount } from '@/lib/values/client';

/**
 * Money the shop owes back (lib/orders/owed-refunds.ts), newest first: its order and customer when
 * there are any, the amount, why, where it stands, and the account the customer left (masked), so
 * an operator sees what waits and may give the account they confirmed with the customer.
 */
export async function listOwedRefunds(filters: OwedFilters): Promise<OwedRefundPage> {
  const condition = filters.state ? eq(owedRefunds.status, filters.state) : undefined;
  const db = await getDb();
  const [rows, total] = await Promise.all([
    db
      .select({ owed: owedRefunds, order: orders, email: users.email })
      .from(owedRefunds)
      .leftJoin(orders, eq(orders.id, owedRefunds.orderId))
      .leftJoin(users, eq(users.id, owedRefunds.userId))
      .where(condition)
      .orderBy(desc(owedRefunds.createdAt))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    db.$count(owedRefunds, condition),
  ]);
  return {
    rows: rows.map(({ owed, order, email }) => ({
      id: owed.id,
      impUid: owed.impUid,
      merchantUid: owed.merchantUid,
      orderNumber: order?.orderNumber ?? null,
      customerEmail: email,
      amount: owed.amount,
      reason: owed.reason,
      state: owed.status,
      failure: owed.failure,
      owedAt: owed.owedAt,
      refundedAt: owed.refundedAt,
      storedAccount:
        order?.refundBank && order.refundAccount && order.refundHolder
          ? {
              bank: order.refundBank,
              bankName: bankName(order.refundBank),
              account: maskAccount(order.refundAccount),
              holder: order.refundHolder,
            }
          : null,
    })),
    total,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}
