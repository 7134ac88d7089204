import { failureWords } from '@/lib/payments/client';
import 'server-only';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { type Db, getDb, mailOutbox, orders, preparedStatement } from '@/lib/db';
import type { Payment } from '@/lib/iamport';
import type { Mail } from '@/lib/mail';
import { orderReceipt, orderUpdate, refundNotices, vbankExpired, vbankIssued } from '@/lib/mail';
import type { OrderSummary } from '@/lib/orders/order-view';
import { VBANK_EXPIRED } from './vbank-reasons';

// The orders table. An order's amount is the catalogue's, fixed when it is opened (open-order.ts);
// its status moves only by conditional updates, so a callback, a webhook and a retry racing each
// other settle it once.

export type Order = typeof orders.$inferSelect;

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
    | 'payMethod'
    | 'vbankCode'
    | 'vbankName'
    | 'vbankNum'
    | 'vbankHolder'
    | 'vbankDue'
    | 'cancelledAt'
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
  // What the statement sets: the change's defined fields (undefined leaves a column as it is).
  const columns = (Object.keys(change) as (keyof OrderChange)[]).filter((key) => change[key] !== undefined).sort();
  // The outbox rows are inserted from the update's row: only when the order changed.
  const mails = mailsFor({ ...order, ...change }, refunded);
  const values: Record<string, unknown> = { id: order.id, updatedAt: new Date() };
  for (const column of columns) values[column] = change[column];
  from.forEach((status, i) => {
    values[`from${i}`] = status;
  });
  mails.forEach((mail, i) => {
    values[`kind${i}`] = mail.kind;
    values[`subject${i}`] = mail.subject;
    values[`occasion${i}`] = String(mail.occasion);
    values[`userId${i}`] = mail.userId;
    values[`payload${i}`] = JSON.stringify(mail.payload);
    values[`dueAt${i}`] = mail.dueAt;
  });
  const [row] = await transitionStatement(columns, from.length, mails.length)(db).execute(values);
  return row;
}

const transitions = new Map<string, (db: Db) => ReturnType<typeof buildTransition>>();

/**
 * The statement of one shape of transition (the columns it sets, how many statuses it moves from,
 * how many mails it writes), built once per shape and database (lib/db/prepared.ts): a purchase's
 * settlement is one of a handful of shapes, so drizzle does not rebuild its SQL on every call.
 */
function transitionStatement(columns: (keyof OrderChange)[], from: number, mails: number) {
  const shape = `${columns.join(',')}|${from}|${mails}`;
  let statement = transitions.get(shape);
  if (!statement) {
    const name = `order_transition_${transitions.size}`;
    statement = preparedStatement((db) => buildTransition(db, name, columns, from, mails));
    transitions.set(shape, statement);
  }
  return statement;
}

function buildTransition(db: Db, name: string, columns: (keyof OrderChange)[], from: number, mails: number) {
  const set: Record<string, unknown> = { updatedAt: sql.placeholder('updatedAt') };
  for (const column of columns) set[column] = sql.placeholder(column);
  const statuses = Array.from({ length: from }, (_, i) => sql.placeholder(`from${i}`));
  const updated = db.$with('updated').as(
    db
      .update(orders)
      .set(set)
      .where(and(eq(orders.id, sql.placeholder('id')), inArray(orders.status, statuses)))
      .returning(),
  );
  const inserts = Array.from({ length: mails }, (_, i) =>
    db.$with(`mail${i}`, {}).as(
      sql`insert into ${mailOutbox} (kind, subject, occasion, user_id, payload, due_at)
        select ${sql.placeholder(`kind${i}`)}, ${sql.placeholder(`subject${i}`)}, ${sql.placeholder(`occasion${i}`)},
          ${sql.placeholder(`userId${i}`)}, ${sql.placeholder(`payload${i}`)}::jsonb, ${sql.placeholder(`dueAt${i}`)}
        from ${updated}
        on conflict (kind, subject, occasion) do nothing`,
    ),
  );
  return db
    .with(updated, ...inserts)
    .select()
    .from(updated)
    .prepare(name);
}

function mailsFor(after: Order, refunded?: Payment): Mail[] {
  if (after.status === 'paid') return [orderReceipt(after)];
  if (after.status === 'refunded' && refunded) return refundNotices(after.userId, after.productName, refunded);
  if (after.payMethod === 'vbank' && after.vbankNum) {
    // A 가상계좌: where to pay when it is issued; its end unpaid (deadline passed, or closed by a cancel).
    if (after.status === 'awaiting') return [vbankIssued(after)];
    if (after.status === 'cancelled' && after.failReason === VBANK_EXPIRED) return [vbankExpired(after)];
    if (after.status === 'cancelled') return [orderUpdate(after, 'cancelled', after.cancelledAt ?? 0, { refund: 0 })];
  }
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
    payMethod: order.payMethod,
    vbank:
      order.vbankNum && order.vbankDue
        ? {
            bankName: order.vbankName ?? order.vbankCode ?? '',
            accountNumber: order.vbankNum,
            holder: order.vbankHolder ?? '',
            due: order.vbankDue,
          }
        : null,
    createdAt: order.createdAt.toISOString(),
  };
}
