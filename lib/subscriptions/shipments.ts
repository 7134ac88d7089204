import 'server-only';
import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { type Db, getDb, subscriptionShipments } from '@/lib/db';
import type { ShipmentSummary } from '@/lib/orders/client';
import type { ShippingDetails } from '@/lib/values/client';
import { findPlan } from './plans';
import type { Subscription, SubscriptionCharge } from './repository';

// The boxes of goods subscriptions (subscription_shipments) and their one writer. The rule they keep
// (docs/money.md, I9): every paid period of a goods plan is exactly one box, made in the transaction
// that settles its charge, and a free trial of goods is one box of its own (0 won). Cancelling the
// subscription — at the period's end or now — never stops a box already made: its period is paid
// (cancel-now refunds nothing of it), so it ships. Only an operator's refund of the whole charge,
// before the box was sent, holds it back.

export type Shipment = typeof subscriptionShipments.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'query'>;

/** Boxes not yet handed to a carrier: what a refund may still hold back. */
const UNSENT: Shipment['fulfilment'][] = ['ordered', 'preparing'];

/** Call with the subscription's row locked (`tx`), so the next sequence is drawn once. */
async function insertBox(
  tx: Executor,
  subscription: Subscription,
  box: Pick<Shipment, 'kind' | 'chargeId' | 'periodStart' | 'periodEnd'>,
): Promise<Shipment | undefined> {
  if (!subscription.shipping) return undefined;
  const [last] = await tx
    .select({ sequence: max(subscriptionShipments.sequence) })
    .from(subscriptionShipments)
    .where(eq(subscriptionShipments.subscriptionId, subscription.id));
  const sequence = (last?.sequence ?? 0) + 1;
  const [row] = await tx
    .insert(subscriptionShipments)
    .values({
      ...box,
      subscriptionId: subscription.id,
      userId: subscription.userId,
      sequence,
      number: `${subscription.number}-${sequence}`,
      productName: `${subscription.planName} ${box.kind === 'trial' ? '체험 상자' : `${sequence}회차`}`,
      shipping: subscription.shipping,
    })
    // A charge has one box, however often its settlement is attempted.
    .onConflictDoNothing({ target: subscriptionShipments.chargeId })
    .returning();
  return row;
}

/** The box a goods plan's paid charge buys, in the transaction that settles it; nothing for a service plan. */
export function shipPaidPeriod(tx: Executor, subscription: Subscription, charge: SubscriptionCharge) {
  if (findPlan(subscription.planId)?.kind !== 'goods') return Promise.resolve(undefined);
  return insertBox(tx, subscription, {
    kind: 'period',
    chargeId: charge.id,
    periodStart: charge.periodStart,
    periodEnd: charge.periodEnd,
  });
}

/** The free trial's box (0 won), in the transaction that starts the trial; nothing for a service plan. */
export function shipTrialBox(tx: Executor, subscription: Subscription) {
  if (findPlan(subscription.planId)?.kind !== 'goods') return Promise.resolve(undefined);
  return insertBox(tx, subscription, {
    kind: 'trial',
    chargeId: null,
    periodStart: subscription.currentPeriodStart,
    periodEnd: subscription.trialEndsAt,
  });
}

/**
 * A charge refunded in full (an operator's refund, in its transaction): its box is held back if it
 * has not been sent; one already on its way is the customer's.
 */
export async function holdBackUnsentBox(tx: Executor, chargeId: string, now: number): Promise<void> {
  await tx
    .update(subscriptionShipments)
    .set({ fulfilment: 'cancelled', cancelledAt: now, updatedAt: new Date() })
    .where(and(eq(subscriptionShipments.chargeId, chargeId), inArray(subscriptionShipments.fulfilment, UNSENT)));
}

/** A new delivery address also goes on the boxes nobody has started to prepare. */
export async function readdressUnpreparedBoxes(tx: Executor, subscriptionId: string, shipping: ShippingDetails) {
  await tx
    .update(subscriptionShipments)
    .set({ shipping, updatedAt: new Date() })
    .where(
      and(eq(subscriptionShipments.subscriptionId, subscriptionId), eq(subscriptionShipments.fulfilment, 'ordered')),
    );
}

/** The subscription's newest box (the running period's, or the trial's), if any. */
async function latestBox(subscriptionId: string, executor: Executor): Promise<Shipment | undefined> {
  const [row] = await executor
    .select()
    .from(subscriptionShipments)
    .where(eq(subscriptionShipments.subscriptionId, subscriptionId))
    .orderBy(desc(subscriptionShipments.sequence))
    .limit(1);
  return row;
}

const isUnsent = (box: Shipment) => UNSENT.includes(box.fulfilment);

/** The box still to be sent, if any: what a cancel at the period's end says will ship all the same. */
export async function unsentBox(subscriptionId: string, executor: Executor): Promise<Shipment | undefined> {
  const box = await latestBox(subscriptionId, executor);
  return box && isUnsent(box) ? box : undefined;
}

/** The box of the period running at `now` (service clock), or one still to be sent: what ending now leaves. */
export async function runningBox(subscriptionId: string, now: number, executor: Executor) {
  const box = await latestBox(subscriptionId, executor);
  return box && (isUnsent(box) || (box.periodEnd ?? 0) > now) ? box : undefined;
}

export async function boxesOf(subscriptionIds: string[]): Promise<Shipment[]> {
  if (subscriptionIds.length === 0) return [];
  const db = await getDb();
  return db
    .select()
    .from(subscriptionShipments)
    .where(inArray(subscriptionShipments.subscriptionId, subscriptionIds))
    .orderBy(desc(subscriptionShipments.sequence));
}

/** A box's number; anything else (from a path: NUL, 5,000 characters, …) is simply not found. */
const BOX_NUMBER_PATTERN = /^S\d{6}-\d{6}-\d{1,4}$/;

export async function findBoxByNumber(number: string): Promise<Shipment | undefined> {
  if (!BOX_NUMBER_PATTERN.test(number)) return undefined;
  const db = await getDb();
  return db.query.subscriptionShipments.findFirst({ where: eq(subscriptionShipments.number, number) });
}

export const toShipmentSummary = (box: Shipment): ShipmentSummary => ({
  number: box.number,
  kind: box.kind,
  sequence: box.sequence,
  productName: box.productName,
  periodStart: box.periodStart,
  periodEnd: box.periodEnd,
  fulfilment: box.fulfilment,
  carrier: box.carrier,
  trackingNumber: box.trackingNumber,
  shippedAt: box.shippedAt,
  deliveredAt: box.deliveredAt,
  shipping: box.shipping,
});
