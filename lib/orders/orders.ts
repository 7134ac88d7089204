import { failureWords } from '@/lib/shared/failure-words';
import 'server-only';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { violatedUniqueConstraint } from '@/lib/db/errors';
import { mailOutbox, orders } from '@/lib/db/schema';
import type { Payment } from '@/lib/iamport';
import { orderReceipt, refundNotices } from '@/lib/mail/notices';
import type { Mail } from '@/lib/mail/outbox';
import { mintServiceId } from '@/lib/payments/ids';
import type { OrderSummary, Product } from '@/lib/shared/orders';
import { priceOrder, type ShippingDetails } from '@/lib/shared/shipping';
import { mintOrderNumber } from './order-number';

// The orders table. An order's amount is the catalogue's, fixed at creation; its status moves only
// by conditional updates, so a callback, a webhook and a retry racing each other settle it once.

export type Order = typeof orders.$inferSelect;

interface NewOrder {
  userId: string;
  product: Product;
  /** Default 1. */
  quantity?: number;
  /** The order sheet's delivery; without it (a barcode payment) there is no shipping fee. */
  shipping?: ShippingDetails;
  method: Order['method'];
  idempotencyKey: string;
  cardId?: string;
  cardLabel?: string;
}

/**
 * Creates the order, or finds the one this user already created with the same idempotency key
 * (a double click, a retried request, a second tab): `created` says which.
 */
export async function createOrder(input: NewOrder): Promise<{ order: Order; created: boolean }> {
  for (let draw = 1; ; draw++) {
    try {
      return await insertOrder(input);
    } catch (error) {
      // Two orders drew one number the same day: draw again (a million a day makes this rare).
      if (violatedUniqueConstraint(error) !== 'orders_order_number_unique' || draw >= 5) throw error;
    }
  }
}

async function insertOrder(input: NewOrder): Promise<{ order: Order; created: boolean }> {
  const db = await getDb();
  const quantity = input.quantity ?? 1;
  const price = priceOrder(input.product.price, quantity, input.shipping !== undefined);
  const [inserted] = await db
    .insert(orders)
    .values({
      orderNumber: mintOrderNumber(),
      userId: input.userId,
      merchantUid: mintServiceId('ord'),
      productId: input.product.id,
      productName: input.product.name,
      amount: price.total,
      quantity,
      shippingFee: price.shippingFee,
      shipping: input.shipping ?? null,
      method: input.method,
      // A charge by billing key is under way from the moment the order exists.
      status: input.method === 'billing_key' ? 'pending' : 'created',
      idempotencyKey: input.idempotencyKey,
      cardId: input.cardId,
      cardLabel: input.cardLabel,
      // This server's clock, as the look-ups that compare with it use (not the database's).
      createdAt: new Date(),
      updatedAt: new Date(),
    })
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
  if (inserted) return { order: inserted, created: true };
  const existing = await db.query.orders.findFirst({
    where: and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)),
  });
  if (!existing) throw new Error('idempotency conflict without an order');
  return { order: existing, created: false };
}

export async function findOrderByMerchantUid(merchantUid: string): Promise<Order | undefined> {
  const db = await getDb();
  return db.query.orders.findFirst({ where: eq(orders.merchantUid, merchantUid) });
}

/** The order as it is now (after a conditional update that another request won). */
export async function reloadOrder(order: Order): Promise<Order> {
  return (await findOrderByMerchantUid(order.merchantUid)) ?? order;
}

export async function findUserOrder(userId: string, merchantUid: string): Promise<Order | undefined> {
  const db = await getDb();
  return db.query.orders.findFirst({ where: and(eq(orders.userId, userId), eq(orders.merchantUid, merchantUid)) });
}

export type OrderChange = Partial<
  Pick<
    Order,
    | 'status'
    | 'impUid'
    | 'failReason'
    | 'receiptUrl'
    | 'cardLabel'
    | 'paidAt'
    | 'barcode'
    | 'collectBy'
    | 'refundedAmount'
  >
>;

/**
 * Applies `change` only while the order is in one of `from`; the updated order, or undefined if it
 * had moved on. The customer's mail about the change (a receipt; a refund mail for each refund in
 * `refunded`, the payment's record) is written into the outbox by the same statement, only when
 * the update happened: one round trip, and the mail exists exactly when the change does. The mail
 * is made from `order` with `change` applied: it reads only what a change to that status sets
 * (paid: paidAt, cardLabel, receiptUrl) and what never changes after creation (id, user, product, amount).
 */
export async function transitionOrder(
  order: Order,
  from: readonly Order['status'][],
  change: OrderChange,
  refunded?: Payment,
): Promise<Order | undefined> {
  const db = await getDb();
  const updated = db.$with('updated').as(
    db
      .update(orders)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), inArray(orders.status, [...from])))
      .returning(),
  );
  // The outbox rows are inserted from `updated`: only when the order changed.
  const mails = mailsFor({ ...order, ...change }, refunded).map((mail, i) =>
    db.$with(`mail${i}`, {}).as(
      sql`insert into ${mailOutbox} (kind, subject, occasion, user_id, payload, due_at)
        select ${mail.kind}, ${mail.subject}, ${String(mail.occasion)}, ${mail.userId},
          ${JSON.stringify(mail.payload)}::jsonb, ${mail.dueAt}
        from ${updated}
        on conflict (kind, subject, occasion) do nothing`,
    ),
  );
  const [row] = await db
    .with(updated, ...mails)
    .select()
    .from(updated);
  return row;
}

function mailsFor(after: Order, refunded?: Payment): Mail[] {
  if (after.status === 'paid') return [orderReceipt(after)];
  if (after.status === 'refunded' && refunded) return refundNotices(after.userId, after.productName, refunded);
  return [];
}

/** The user's orders that reached a payment, newest first (a checkout abandoned before paying is not one). */
export async function listUserOrders(userId: string, limit = 50): Promise<Order[]> {
  const db = await getDb();
  return db.query.orders.findMany({
    where: and(eq(orders.userId, userId), ne(orders.status, 'created')),
    orderBy: [desc(orders.createdAt)],
    limit,
  });
}

/** The order's name at the service (the window's title, the receipt): the product, and how many when more than one. */
export const orderName = (order: Order) =>
  order.quantity > 1 ? `${order.productName} × ${order.quantity}` : order.productName;

export function toOrderSummary(order: Order): OrderSummary {
  return {
    id: order.id,
    merchantUid: order.merchantUid,
    orderNumber: order.orderNumber,
    fulfilment: order.fulfilment,
    productId: order.productId,
    productName: order.productName,
    amount: order.amount,
    quantity: order.quantity,
    shippingFee: order.shippingFee,
    shipping: order.shipping,
    method: order.method,
    // `created` only shows while a window checkout is open; to its customer it is still being checked.
    status: order.status === 'created' ? 'pending' : order.status,
    cardLabel: order.cardLabel,
    // A decline in the customer's words; cancellation and refund reasons are ours already.
    failReason: order.status === 'failed' ? failureWords(order.failReason) : order.failReason,
    receiptUrl: order.receiptUrl,
    refundedAmount: order.refundedAmount,
    returnStatus: order.returnStatus,
    paidAt: order.paidAt,
    barcode: order.barcode,
    collectBy: order.collectBy,
    createdAt: order.createdAt.toISOString(),
  };
}
