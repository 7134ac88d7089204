import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Operator } from '@/lib/audit';
import { appendAudit } from '@/lib/audit';
import { getDb, subscriptionShipments } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { enqueueMail, shipmentUpdate } from '@/lib/mail';
import type { FulfilmentAction } from '@/lib/orders/client';
import { refuseSubscription } from './refusals';
import { findBoxByNumber, type Shipment } from './shipments';

// A subscription box's way to the customer, as an order's: 발송 준비 → 발송 (carrier, tracking) →
// 배송 완료, steps an operator takes in the console. Each is one conditional update committed with
// its mail and its audit row, so a step clicked twice, or by two operators at once, happens once.

const from: Record<FulfilmentAction['action'], Shipment['fulfilment'][]> = {
  prepare: ['ordered'],
  ship: ['ordered', 'preparing'],
  deliver: ['shipped'],
};

function changeOf(action: FulfilmentAction, now: number): Partial<Shipment> {
  switch (action.action) {
    case 'prepare':
      return { fulfilment: 'preparing', preparingAt: now };
    case 'ship':
      return { fulfilment: 'shipped', shippedAt: now, carrier: action.carrier, trackingNumber: action.trackingNumber };
    case 'deliver':
      return { fulfilment: 'delivered', deliveredAt: now };
  }
}

/** An operator's step on a box's way, by its number; answers the box after it. */
export async function advanceShipment(
  operator: Pick<Operator, 'id' | 'email'>,
  number: string,
  action: FulfilmentAction,
): Promise<Shipment> {
  const box = await findBoxByNumber(number);
  if (!box) throw refuseSubscription('shipment_not_found');
  const now = await iamport().serviceNow();
  const db = await getDb();
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(subscriptionShipments)
      .set({ ...changeOf(action, now), updatedAt: new Date() })
      .where(and(eq(subscriptionShipments.id, box.id), inArray(subscriptionShipments.fulfilment, from[action.action])))
      .returning();
    if (!row) return undefined;
    if (action.action !== 'prepare') {
      await enqueueMail(tx, shipmentUpdate(row, action.action === 'ship' ? 'shipped' : 'delivered', now));
    }
    await appendAudit(tx, operator, {
      action: `shipment.${action.action}`,
      targetType: 'subscription_shipment',
      targetId: row.number,
      note: action.action === 'ship' ? `${action.carrier} ${action.trackingNumber}` : null,
      result: row.fulfilment,
    });
    return row;
  });
  if (changed) return changed;
  const now2 = await findBoxByNumber(number);
  if (now2?.fulfilment === 'cancelled') throw refuseSubscription('shipment_held_back');
  throw refuseSubscription('shipment_step_not_allowed');
}
