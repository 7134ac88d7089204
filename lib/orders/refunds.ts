import 'server-only';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db, getDb, orders } from '@/lib/db';
import type { Payment } from '@/lib/iamport';
import { enqueueMails, refundNotices } from '@/lib/mail';
import type { Order } from './orders';
import { VBANK_PART_REFUNDED } from './vbank-reasons';

type Executor = Pick<Db, 'update' | 'insert'>;

/**
 * Records what the service's record says was refunded of the payment an order rests on: the
 * refunded amount, `refunded` once nothing is left, and a mail for each refund (keyed by its
 * cancel_history entry, so each is mailed once whichever path records it). Only ever moves forward
 * (a stale record read before a later refund changes nothing), so a notice, the console and
 * reconciliation may all record the same refund. Pass a transaction to commit it with something
 * else (an audit row). Answers the updated order, or undefined when nothing changed.
 */
export async function recordOrderRefund(
  order: Pick<Order, 'id' | 'impUid' | 'userId' | 'productName'>,
  payment: Payment,
  tx?: Executor,
): Promise<Order | undefined> {
  if (order.impUid !== payment.imp_uid || payment.cancel_amount <= 0) return undefined;
  const full = payment.status === 'cancelled' || payment.cancel_amount >= payment.amount;
  const db = tx ?? (await getDb());
  const [updated] = await db
    .update(orders)
    .set({
      refundedAmount: payment.cancel_amount,
      // A 가상계좌 never paid in full whose deposits were refunded (its account closed with them): cancelled.
      ...(full && {
        status: sql`case when ${orders.status} = 'awaiting' then 'cancelled' else 'refunded' end`,
        failReason: sql`case when ${orders.status} = 'awaiting' then ${VBANK_PART_REFUNDED} else ${orders.failReason} end`,
        cancelledAt: sql`case when ${orders.status} = 'awaiting' then ${payment.cancelled_at} else ${orders.cancelledAt} end`,
      }),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.status, ['paid', 'refunded', 'awaiting']),
        lt(orders.refundedAmount, payment.cancel_amount),
      ),
    )
    .returning();
  if (updated) await enqueueMails(db, refundNotices(order.userId, order.productName, payment));
  return updated;
}
