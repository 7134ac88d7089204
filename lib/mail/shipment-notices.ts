import 'server-only';
import type { subscriptionShipments } from '@/lib/db';
import type { Mail } from './outbox';

// The mails of a subscription box's way to the customer (lib/subscriptions/shipment-steps.ts): one
// per step, keyed by the box and the step, so a step retried or raced is mailed once.

type Shipment = typeof subscriptionShipments.$inferSelect;

export type ShipmentStep = 'shipped' | 'delivered';

export const shipmentUpdate = (
  box: Pick<Shipment, 'id' | 'userId' | 'subscriptionId' | 'number' | 'productName' | 'carrier' | 'trackingNumber'>,
  step: ShipmentStep,
  at: number,
): Mail => ({
  kind: 'shipment_update',
  subject: box.id,
  occasion: step,
  userId: box.userId,
  dueAt: at,
  payload: {
    step,
    number: box.number,
    title: box.productName,
    at,
    carrier: box.carrier,
    trackingNumber: box.trackingNumber,
    subscriptionId: box.subscriptionId,
  },
});
