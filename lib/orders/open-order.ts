import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, orders, preparedStatement, violatedUniqueConstraint } from '@/lib/db';
import type { Product } from '@/lib/orders/order-view';
import { mintServiceId } from '@/lib/payments';
import type { Api } from '@/lib/provider';
import { priceOrder, type ShippingDetails } from '@/lib/values/client';
import { findProduct } from './catalogue';
import { mintOrderNumber } from './order-number';
import type { Order } from './orders';
import { refuseOrder } from './refusals';

// Every purchase path (one-click, payment window, convenience-store barcode) opens its order here:
// the amount is the catalogue's, decided on the server, and a repeated request finds its order.

export interface OrderOpening {
  userId: string;
  /** From orderedProduct: the catalogue's, never the browser's price. */
  product: Product;
  method: Order['method'];
  idempotencyKey: string;
  /** Default 1. */
  quantity?: number;
  /** The order sheet's delivery; without it (a barcode payment) there is no shipping fee. */
  shipping?: ShippingDetails;
  cardId?: string;
  cardLabel?: string;
  /** How the customer pays; default a card (a barcode order is `cvs`). */
  payMethod?: Order['payMethod'];
  /** The API it is paid, refunded and read on: a card's own; else the shop's (PORTONE_API); default v1. */
  api?: Api;
}

/** The catalogue product an order is for, or the 404 the customer gets for an unknown one. */
export function orderedProduct(productId: string): Product {
  const product = findProduct(productId);
  if (!product) throw refuseOrder('unknown_product');
  return product;
}

/**
 * Creates the order, or finds the one this user already opened with the same idempotency key (a
 * double click, a retried request, a second tab): `created` says which. A key already used for
 * another product or way of paying is refused (422) rather than answered with that order.
 */
export async function openOrder(input: OrderOpening): Promise<{ order: Order; created: boolean }> {
  const opened = await createOrder(input);
  const { order, created } = opened;
  const payMethod = input.payMethod ?? (input.method === 'cvs' ? 'cvs' : 'card');
  if (
    !created &&
    (order.method !== input.method || order.productId !== input.product.id || order.payMethod !== payMethod)
  ) {
    throw refuseOrder('idempotency_key_reused');
  }
  return opened;
}

async function createOrder(input: OrderOpening): Promise<{ order: Order; created: boolean }> {
  for (let draw = 1; ; draw++) {
    try {
      return await insertOrder(input);
    } catch (error) {
      // Two orders drew one number the same day: draw again (a million a day makes this rare).
      if (violatedUniqueConstraint(error) !== 'orders_order_number_unique' || draw >= 5) throw error;
    }
  }
}

/** Every one-click purchase runs this one: built once (lib/db/prepared.ts); a repeated key inserts nothing. */
const insertStatement = preparedStatement((db) =>
  db
    .insert(orders)
    .values({
      orderNumber: sql.placeholder('orderNumber'),
      userId: sql.placeholder('userId'),
      merchantUid: sql.placeholder('merchantUid'),
      productId: sql.placeholder('productId'),
      productName: sql.placeholder('productName'),
      amount: sql.placeholder('amount'),
      quantity: sql.placeholder('quantity'),
      shippingFee: sql.placeholder('shippingFee'),
      shipping: sql.placeholder('shipping'),
      method: sql.placeholder('method'),
      payMethod: sql.placeholder('payMethod'),
      status: sql.placeholder('status'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      cardId: sql.placeholder('cardId'),
      cardLabel: sql.placeholder('cardLabel'),
      api: sql.placeholder('api'),
      createdAt: sql.placeholder('createdAt'),
      updatedAt: sql.placeholder('updatedAt'),
    })
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning()
    .prepare('insert_order'),
);

async function insertOrder(input: OrderOpening): Promise<{ order: Order; created: boolean }> {
  const db = await getDb();
  const quantity = input.quantity ?? 1;
  const price = priceOrder(input.product.price, quantity, input.shipping !== undefined);
  // This server's clock, as the look-ups that compare with it use (not the database's).
  const now = new Date();
  const [inserted] = await insertStatement(db).execute({
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
    payMethod: input.payMethod ?? (input.method === 'cvs' ? 'cvs' : 'card'),
    // A charge by billing key is under way from the moment the order exists.
    status: input.method === 'billing_key' ? 'pending' : 'created',
    idempotencyKey: input.idempotencyKey,
    cardId: input.cardId ?? null,
    cardLabel: input.cardLabel ?? null,
    api: input.api ?? 'v1',
    createdAt: now,
    updatedAt: now,
  });
  if (inserted) return { order: inserted, created: true };
  const existing = await db.query.orders.findFirst({
    where: and(eq(orders.userId, input.userId), eq(orders.idempotencyKey, input.idempotencyKey)),
  });
  if (!existing) throw new Error('idempotency conflict without an order');
  return { order: existing, created: false };
}
