import 'server-only';
import { eq } from 'drizzle-orm';
import type { Operator } from '@/lib/audit';
import { getDb, orders, owedRefunds } from '@/lib/db';
import { notFound, refusals } from '@/lib/http';
import { payOwed, refundAccountOf } from '@/lib/orders';
import type { RefundAccountInput } from '@/lib/values/client';
import { confirmAccount, refuseAccount } from './refund-destination';

// An operator gives the account of a refund the shop owes (a 가상계좌 payment that buys nothing, its
// customer's account not on file — or an order number unknown here): typed after asking the customer,
// its holder checked at the service, or the one the customer left on the order. The refund is then
// made once, the same way the customer's own submission makes it (lib/orders/owed-refunds.ts).

export const refuseOwed = refusals({
  owed_refund_done: [409, '이미 환불했거나 환불하고 있는 금액입니다. 목록을 새로 고쳐 확인해 주세요.'],
});

export type OwedRefundAnswer = { state: 'owed' | 'refunding' | 'refunded'; amount: number; failure: string | null };

export async function refundOwedForOps(
  operator: Operator,
  id: string,
  typed: RefundAccountInput | undefined,
): Promise<OwedRefundAnswer> {
  const db = await getDb();
  const owed = await db.query.owedRefunds.findFirst({ where: eq(owedRefunds.id, id) });
  if (!owed) throw notFound('돌려줄 금액을 찾을 수 없습니다.');
  if (owed.status !== 'owed') throw refuseOwed('owed_refund_done');
  const order = owed.orderId ? await db.query.orders.findFirst({ where: eq(orders.id, owed.orderId) }) : undefined;
  const stored = order && refundAccountOf(order);
  const account = typed ?? stored;
  if (!account) throw refuseAccount('refund_account_required');
  await payOwed(owed, await confirmAccount(account, typed !== undefined), { operator });
  const after = (await db.query.owedRefunds.findFirst({ where: eq(owedRefunds.id, id) })) ?? owed;
  return { state: after.status, amount: after.amount, failure: after.failure };
}
