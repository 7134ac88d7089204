import 'server-only';
import { and, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { getDb, orders } from '@/lib/db';
import { type CheckoutMethod, isCheckoutMethod } from '@/lib/payments/client';

/**
 * Orders whose payment went through at the service: paid, a 가상계좌 issued (입금 대기), or either
 * later refunded or cancelled. A declined or abandoned window is not a method the customer used.
 */
const REACHED_PAYMENT: (typeof orders.$inferSelect.status)[] = ['paid', 'awaiting', 'refunded', 'cancelled'];

/**
 * How the customer paid their newest order that reached payment, for the order sheet to offer
 * first; undefined before any.
 */
export async function lastPayMethod(userId: string): Promise<CheckoutMethod | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ payMethod: orders.payMethod })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        inArray(orders.status, REACHED_PAYMENT),
        isNotNull(orders.impUid),
        // A convenience-store barcode is not offered at checkout: the checkout method before it is.
        ne(orders.payMethod, 'cvs'),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(1);
  return row && isCheckoutMethod(row.payMethod) ? row.payMethod : undefined;
}
