import 'server-only';
import type { orders } from '@/lib/db';
import type { Mail } from './outbox';

// The mails of an order's way to the customer (lib/orders/fulfilment.ts): one per step, keyed by
// the order and the step, so a step retried or raced is mailed once. Refunds have their own mails
// (refundNotices, keyed by the service's cancel_history entry).

type Order = typeof orders.$inferSelect;

export type OrderStep =
  | 'shipped'
  | 'delivered'
  | 'cancelled'
  | 'return_requested'
  | 'return_approved'
  | 'return_declined';

export const orderUpdate = (
  order: Pick<Order, 'id' | 'userId' | 'orderNumber' | 'productName'>,
  step: OrderStep,
  at: number,
  details: { carrier?: string; trackingNumber?: string; reason?: string; fee?: number; refund?: number } = {},
): Mail => ({
  kind: 'order_update',
  subject: order.id,
  occasion: step,
  userId: order.userId,
  dueAt: at,
  payload: {
    step,
    orderNumber: order.orderNumber,
    title: order.productName,
    at,
    carrier: details.carrier ?? null,
    trackingNumber: details.trackingNumber ?? null,
    reason: details.reason ?? null,
    fee: details.fee ?? null,
    refund: details.refund ?? null,
  },
});
