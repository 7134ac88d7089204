import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { User } from '@/lib/accounts';
import { getDb, orders } from '@/lib/db';
import { AppError } from '@/lib/http';
import { IamportError } from '@/lib/iamport';
import type { PurchaseAttempt } from '@/lib/orders/order-view';
import { resolveChargeOn } from '@/lib/payments';
import { confirmCheckout } from './checkout';
import { findUserOrder, type Order, toOrderSummary } from './orders';
import { applyPayment, settlePendingOrder } from './settle';

// A page that comes back (a reload, the back button, a second tab) while a payment window was open
// or a charge was under way finds its attempt here: by the attempt keys this browser still holds,
// or by the order number the service returned with. What the service's records say settles it first.

/**
 * An order whose window may have been paid without the page hearing of it (the page reloaded while
 * the popup stayed open): looked up at the service by merchant_uid. Service trouble leaves it as it is.
 */
export async function settleOpenOrder(order: Order): Promise<Order> {
  if (order.status === 'pending') return settlePendingOrder(order);
  if (order.status !== 'created') return order;
  try {
    const truth = await resolveChargeOn(order.api, order.merchantUid);
    return truth.outcome === 'not_found' ? order : await applyPayment(order, truth.payment);
  } catch (error) {
    if (error instanceof IamportError) return order;
    throw error;
  }
}

const toAttempt = (order: Order): PurchaseAttempt => ({
  order: toOrderSummary(order),
  windowOpen: order.status === 'created',
});

/** The user's orders made with these attempt keys, settled from the service's records, newest first. */
export async function findAttempts(user: User, keys: readonly string[]): Promise<PurchaseAttempt[]> {
  if (keys.length === 0) return [];
  const db = await getDb();
  const found = await db.query.orders.findMany({
    where: and(eq(orders.userId, user.id), inArray(orders.idempotencyKey, [...keys])),
  });
  const settled = await Promise.all(found.map(settleOpenOrder));
  return settled.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(toAttempt);
}

/** One order of this user by its number, settled from the service's records (the completion page). */
export async function findAttemptByMerchantUid(user: User, merchantUid: string): Promise<PurchaseAttempt | undefined> {
  const order = await findUserOrder(user.id, merchantUid);
  return order && toAttempt(await settleOpenOrder(order));
}

const MERCHANT_UID = /^ord_[\w-]{1,60}$/;
const IMP_UID = /^imp_\w{1,40}$/;

/**
 * The payment window's return (m_redirect_url) or a reload or shared link of it: the order named
 * in the query, as the service's records settle it. A returned imp_uid is checked like the popup's
 * callback; whatever it says, the page shows the order's state, never the query's.
 */
export async function orderForReturn(
  user: User,
  query: { merchantUid?: string; impUid?: string },
): Promise<PurchaseAttempt | undefined> {
  const { merchantUid, impUid } = query;
  if (!merchantUid || !MERCHANT_UID.test(merchantUid)) return undefined;
  if (impUid && IMP_UID.test(impUid)) {
    await confirmCheckout(user, merchantUid, impUid).catch((error: unknown) => {
      // A refusal (not this order's payment, service down) leaves the order to the look-up below.
      if (!(error instanceof AppError)) throw error;
    });
  }
  return findAttemptByMerchantUid(user, merchantUid);
}
