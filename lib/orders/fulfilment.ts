import 'server-only';
import { eq, inArray, isNull } from 'drizzle-orm';
import type { Operator } from '@/lib/audit';
import { getDb, orders } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { orderUpdate } from '@/lib/mail';
import type { FulfilmentAction } from '@/lib/orders/fulfilment-schemas';
import { RETURN_WINDOW_SECONDS } from '@/lib/orders/fulfilment-words';
import { ORDER_NUMBER_PATTERN } from './order-number';
import { customerActor } from './order-refunds';
import { stepOrder } from './order-step';
import type { Order } from './orders';
import { refuseOrder } from './refusals';

// An order's way to the customer: 결제 완료 (ordered) → 배송 준비 중 → 배송 중 (carrier, tracking) →
// 배송 완료, steps an operator takes in the console; and a customer's return request after delivery.
// Each step is one conditional update — only from the statuses it may follow, only while the money
// is paid — committed with its mail and its audit row: a customer's cancel racing a shipment (see
// cancel-order.ts) makes exactly one of them happen, and the other is refused with a 409.

type Guard = { from: Order['fulfilment'][] };

const guards: Record<FulfilmentAction['action'], Guard> = {
  prepare: { from: ['ordered'] },
  ship: { from: ['ordered', 'preparing'] },
  deliver: { from: ['shipped'] },
};

/** The order named by its number, for an operator (any customer's). */
export async function findOrderByNumber(orderNumber: string): Promise<Order | undefined> {
  // Anything but a number of ours (from a path: NUL, 5,000 characters, …) is simply not found.
  if (!ORDER_NUMBER_PATTERN.test(orderNumber)) return undefined;
  const db = await getDb();
  return db.query.orders.findFirst({ where: eq(orders.orderNumber, orderNumber) });
}

/** An operator's step on the order's way; answers the order after it. */
export async function advanceFulfilment(
  operator: Pick<Operator, 'id' | 'email'>,
  orderNumber: string,
  action: FulfilmentAction,
): Promise<Order> {
  const order = await findOrderByNumber(orderNumber);
  if (!order?.shipping) throw refuseOrder('order_not_found');
  const now = await iamport().serviceNow();
  const changed = await stepOrder(order.id, {
    set: changeOf(action, now),
    from: [eq(orders.status, 'paid'), inArray(orders.fulfilment, guards[action.action].from)],
    mail:
      action.action === 'prepare'
        ? undefined
        : (row) =>
            orderUpdate(row, action.action === 'ship' ? 'shipped' : 'delivered', now, {
              carrier: row.carrier ?? undefined,
              trackingNumber: row.trackingNumber ?? undefined,
            }),
    actor: operator,
    audit: (row) => ({
      action: `order.${action.action}`,
      note: action.action === 'ship' ? `${action.carrier} ${action.trackingNumber}` : null,
      result: row.fulfilment,
    }),
  });
  if (changed) return changed;
  const now2 = await findOrderByNumber(orderNumber);
  if (now2?.fulfilment === 'cancelled') throw refuseOrder('order_cancelled');
  throw refuseOrder('step_not_allowed');
}

function changeOf(action: FulfilmentAction, now: number): Partial<Order> {
  switch (action.action) {
    case 'prepare':
      return { fulfilment: 'preparing', preparingAt: now };
    case 'ship':
      return { fulfilment: 'shipped', shippedAt: now, carrier: action.carrier, trackingNumber: action.trackingNumber };
    case 'deliver':
      return { fulfilment: 'delivered', deliveredAt: now };
  }
}

/** May the customer still ask for a return (service clock)? Delivered, none asked yet, within 7 days. */
export const mayRequestReturn = (order: Order, now: number) =>
  order.status === 'paid' &&
  order.fulfilment === 'delivered' &&
  order.returnStatus === null &&
  order.deliveredAt !== null &&
  now <= order.deliveredAt + RETURN_WINDOW_SECONDS;

/** The customer's return request (청약철회) after delivery, with a reason; an operator decides it (returns.ts). */
export async function requestReturn(order: Order, reason: string): Promise<Order> {
  const now = await iamport().serviceNow({ fresh: true });
  if (order.fulfilment !== 'delivered' || order.status !== 'paid' || order.returnStatus !== null) {
    throw refuseOrder('return_not_allowed');
  }
  if (!mayRequestReturn(order, now)) throw refuseOrder('return_window_closed');
  const changed = await stepOrder(order.id, {
    set: { returnStatus: 'requested', returnReason: reason, returnRequestedAt: now },
    from: [eq(orders.status, 'paid'), eq(orders.fulfilment, 'delivered'), isNull(orders.returnStatus)],
    mail: (row) => orderUpdate(row, 'return_requested', now, { reason }),
    actor: customerActor(order.userId),
    audit: () => ({ action: 'order.return_request', reason, result: 'requested' }),
  });
  if (!changed) throw refuseOrder('return_not_allowed');
  return changed;
}
