import 'server-only';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { cards, getDb, subscriptionCharges, subscriptionShipments, subscriptions } from '@/lib/db';
import type { OpsOrderFilters, OpsOrderQueue } from '@/lib/ops/client/orders';
import { type OpsShipment, SHIPMENT_NUMBER_PATTERN } from '@/lib/ops/client/shipments';
import { type Shipment, toShipmentSummary } from '@/lib/subscriptions';

const QUEUE_LIMIT = 100;

const queueWhere: Record<OpsOrderQueue, SQL | undefined> = {
  to_ship: inArray(subscriptionShipments.fulfilment, ['ordered', 'preparing']),
  shipping: eq(subscriptionShipments.fulfilment, 'shipped'),
  // Boxes are not returned through the console (a paid period's box is the customer's).
  returns: undefined,
  recent: undefined,
};

/**
 * The goods subscriptions' boxes of one queue of /ops/orders (oldest first, to ship in turn; recent:
 * newest first), or a subscription's boxes by its number, or one box by its own.
 */
export async function listShipmentsForOps(filters: OpsOrderFilters): Promise<{ rows: OpsShipment[] }> {
  if (filters.queue === 'returns' && !filters.number) return { rows: [] };
  // An order's number names no box.
  if (filters.number && !SHIPMENT_NUMBER_PATTERN.test(filters.number)) return { rows: [] };
  const db = await getDb();
  const rows = await db
    .select({ box: subscriptionShipments, subscription: subscriptions, charge: subscriptionCharges })
    .from(subscriptionShipments)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionShipments.subscriptionId))
    .leftJoin(subscriptionCharges, eq(subscriptionCharges.id, subscriptionShipments.chargeId))
    // A box is paid by its subscription's key: the method filter asks what that key pays with.
    .innerJoin(cards, eq(cards.id, subscriptions.cardId))
    .where(
      and(
        filters.number
          ? or(eq(subscriptionShipments.number, filters.number), eq(subscriptions.number, filters.number))
          : queueWhere[filters.queue],
        // Compared as text: a 가상계좌 or any method no key pays with finds no box.
        filters.method ? sql`${cards.method} = ${filters.method}` : undefined,
      ),
    )
    .orderBy(
      filters.queue === 'recent' || filters.number
        ? desc(subscriptionShipments.createdAt)
        : subscriptionShipments.createdAt,
    )
    .limit(QUEUE_LIMIT);
  return {
    rows: rows.map(({ box, subscription, charge }) => toOpsShipment(box, subscription, charge)),
  };
}

export const toOpsShipment = (
  box: Shipment,
  subscription: Pick<typeof subscriptions.$inferSelect, 'number' | 'planName' | 'status' | 'cancelAtPeriodEnd'>,
  charge: typeof subscriptionCharges.$inferSelect | null,
): OpsShipment => ({
  ...toShipmentSummary(box),
  subscriptionId: box.subscriptionId,
  subscriptionNumber: subscription.number,
  planName: subscription.planName,
  charge: charge && {
    merchantUid: charge.merchantUid,
    amount: charge.amount,
    refundedAmount: charge.refundedAmount,
    paidAt: charge.settledAt,
  },
  subscriptionEnding: subscription.status === 'cancelled' || subscription.cancelAtPeriodEnd,
});

/** The box after an operator's step, as the queue shows it. */
export async function opsShipmentOf(box: Shipment): Promise<OpsShipment> {
  const db = await getDb();
  const [subscription, charge] = await Promise.all([
    db.query.subscriptions.findFirst({ where: eq(subscriptions.id, box.subscriptionId) }),
    box.chargeId ? db.query.subscriptionCharges.findFirst({ where: eq(subscriptionCharges.id, box.chargeId) }) : null,
  ]);
  if (!subscription) throw new Error(`box ${box.number} without a subscription`);
  return toOpsShipment(box, subscription, charge ?? null);
}
