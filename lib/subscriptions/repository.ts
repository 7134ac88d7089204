import 'server-only';
import { and, desc, eq, gte, inArray, ne, or } from 'drizzle-orm';
import { findCardByCustomerUid } from '@/lib/cards';
import { type Db, getDb, subscriptionCharges, subscriptions } from '@/lib/db';
import { mintServiceId } from '@/lib/payments';
import { OPEN_CHARGE_STATUSES, UNFINISHED_STATUSES } from './lifecycle';

// The subscriptions and subscription_charges tables, and their one writer: every insert, update and
// row lock of them is here (what to write is decided by lifecycle.ts and its callers). Every change
// that must happen once (a charge settled, the next one booked) is a conditional update or an
// insert guarded by a unique index.

export type Subscription = typeof subscriptions.$inferSelect;
export type SubscriptionCharge = typeof subscriptionCharges.$inferSelect;
type NewCharge = Omit<typeof subscriptionCharges.$inferInsert, 'merchantUid'>;
/** The app's database or a transaction of it. */
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'query'>;

type NewSubscription = Omit<typeof subscriptions.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function findUserSubscription(userId: string, id: string): Promise<Subscription | undefined> {
  const db = await getDb();
  return db.query.subscriptions.findFirst({ where: and(eq(subscriptions.id, id), eq(subscriptions.userId, userId)) });
}

/** The subscription a customer's request with `idempotencyKey` made, if it made one. */
export async function findSubscriptionByKey(userId: string, idempotencyKey: string): Promise<Subscription | undefined> {
  const db = await getDb();
  return db.query.subscriptions.findFirst({
    where: and(eq(subscriptions.userId, userId), eq(subscriptions.idempotencyKey, idempotencyKey)),
  });
}

export async function findSubscription(id: string): Promise<Subscription | undefined> {
  const db = await getDb();
  return db.query.subscriptions.findFirst({ where: eq(subscriptions.id, id) });
}

/** The user's subscriptions that started (a first charge that failed is not one), newest first. */
export async function listUserSubscriptions(userId: string): Promise<Subscription[]> {
  const db = await getDb();
  return db.query.subscriptions.findMany({
    where: and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'failed')),
    orderBy: [desc(subscriptions.createdAt)],
  });
}

export async function listLiveSubscriptions(): Promise<Subscription[]> {
  const db = await getDb();
  return db.query.subscriptions.findMany({ where: inArray(subscriptions.status, [...UNFINISHED_STATUSES]) });
}

/**
 * Charges to look at again at the service: still open while their subscription has ended, or given
 * up on (revoked) with a time after `since` (service clock) — such a booking may still wait there,
 * or have run in a race with its revocation.
 */
export async function listChargesToRecheck(since: number): Promise<SubscriptionCharge[]> {
  const db = await getDb();
  const ended = db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(inArray(subscriptions.status, ['cancelled', 'failed']));
  return db.query.subscriptionCharges.findMany({
    where: or(
      and(
        inArray(subscriptionCharges.status, [...OPEN_CHARGE_STATUSES]),
        inArray(subscriptionCharges.subscriptionId, ended),
      ),
      and(
        eq(subscriptionCharges.status, 'revoked'),
        ne(subscriptionCharges.kind, 'first'),
        gte(subscriptionCharges.scheduleAt, since),
      ),
    ),
  });
}

export async function chargesOf(subscriptionId: string): Promise<SubscriptionCharge[]> {
  const db = await getDb();
  return db.query.subscriptionCharges.findMany({
    where: eq(subscriptionCharges.subscriptionId, subscriptionId),
    orderBy: [desc(subscriptionCharges.createdAt)],
  });
}

export async function firstChargeOf(subscriptionId: string): Promise<SubscriptionCharge | undefined> {
  const db = await getDb();
  return db.query.subscriptionCharges.findFirst({
    where: and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.kind, 'first')),
  });
}

export async function findCharge(id: string): Promise<SubscriptionCharge | undefined> {
  const db = await getDb();
  return db.query.subscriptionCharges.findFirst({ where: eq(subscriptionCharges.id, id) });
}

export async function findChargeByMerchantUid(merchantUid: string): Promise<SubscriptionCharge | undefined> {
  const db = await getDb();
  return db.query.subscriptionCharges.findFirst({ where: eq(subscriptionCharges.merchantUid, merchantUid) });
}

/** The booking waiting at the service (at most one, by a unique index). */
export async function openChargeOf(subscriptionId: string, executor?: Executor) {
  const db = executor ?? (await getDb());
  return db.query.subscriptionCharges.findFirst({
    where: and(
      eq(subscriptionCharges.subscriptionId, subscriptionId),
      inArray(subscriptionCharges.status, [...OPEN_CHARGE_STATUSES]),
    ),
  });
}

/**
 * Inserts a charge under a fresh merchant_uid (`sub_` for a first charge, `ren_` for a booking);
 * undefined when a unique rule says it exists already (another delivery got there first).
 */
export async function insertCharge(values: NewCharge, executor?: Executor) {
  const db = executor ?? (await getDb());
  // Charged, booked and refunded on the API of the card it is for; a new charge has no booking yet.
  const card = await findCardByCustomerUid(values.customerUid, db);
  const [charge] = await db
    .insert(subscriptionCharges)
    .values({
      ...values,
      api: card?.api ?? 'v1',
      scheduleId: null,
      merchantUid: mintServiceId(values.kind === 'first' ? 'sub' : 'ren'),
      createdAt: new Date(),
    })
    .onConflictDoNothing()
    .returning();
  return charge;
}

export async function updateCharge(
  chargeId: string,
  from: readonly SubscriptionCharge['status'][],
  change: Partial<SubscriptionCharge>,
  executor?: Executor,
): Promise<SubscriptionCharge | undefined> {
  const db = executor ?? (await getDb());
  const [updated] = await db
    .update(subscriptionCharges)
    .set(change)
    .where(and(eq(subscriptionCharges.id, chargeId), inArray(subscriptionCharges.status, [...from])))
    .returning();
  return updated;
}

/** Applies `change`, only while the subscription is in one of `from` when given. */
export async function updateSubscription(
  id: string,
  change: Partial<Subscription>,
  from?: readonly Subscription['status'][],
  executor?: Executor,
): Promise<Subscription | undefined> {
  const db = executor ?? (await getDb());
  const [updated] = await db
    .update(subscriptions)
    .set({ ...change, updatedAt: new Date() })
    .where(and(eq(subscriptions.id, id), from ? inArray(subscriptions.status, [...from]) : undefined))
    .returning();
  return updated;
}

/**
 * Inserts a subscription, once per customer and idempotency key: undefined when that key made one
 * already. A second unfinished one of the plan breaks subscriptions_one_live_per_plan (the caller refuses).
 */
export async function insertSubscription(
  values: NewSubscription,
  executor: Executor,
): Promise<Subscription | undefined> {
  const [row] = await executor
    .insert(subscriptions)
    .values(values)
    .onConflictDoNothing({ target: [subscriptions.userId, subscriptions.idempotencyKey] })
    .returning();
  return row;
}

/** The charge's row, locked for the rest of `tx`: a concurrent settlement waits, then finds it settled. */
export async function lockCharge(tx: Executor, chargeId: string): Promise<SubscriptionCharge | undefined> {
  const [row] = await tx.select().from(subscriptionCharges).where(eq(subscriptionCharges.id, chargeId)).for('update');
  return row;
}

export async function lockSubscription(tx: Executor, id: string): Promise<Subscription | undefined> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row;
}
