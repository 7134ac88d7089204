// The order page's and the console's fulfilment routes as their pages call them, for the server
// tests of an order's way to the customer (fulfilment.db.test.ts, order-cancel.db.test.ts).
import { eq } from 'drizzle-orm';
import { POST as opsFulfilmentRoute } from '@/app/api/ops/orders/[orderNumber]/fulfilment/route';
import { POST as opsReturnRoute } from '@/app/api/ops/orders/[orderNumber]/return/route';
import { POST as cancelRoute } from '@/app/api/orders/[orderNumber]/cancel/route';
import { POST as returnRoute } from '@/app/api/orders/[orderNumber]/return/route';
import { GET as detailRoute } from '@/app/api/orders/[orderNumber]/route';
import { getDb } from '@/lib/db/connection';
import { mailOutbox, orders, refunds } from '@/lib/db/schema';
import type { OrderDetail, OrderSummary } from '@/lib/orders/order-view';
import { pageRequest } from '@/test/factories';
import { callOps, type SignedInOperator } from '@/test/kits/ops';
import { newKey, type Shopper } from '@/test/kits/orders';

export const shipping = {
  recipient: '김하늘',
  phone: '01023456789',
  postcode: '04524',
  address: '서울특별시 중구 세종대로 110',
  addressDetail: '3층',
  note: '',
};

/** A one-click purchase with a delivery (the order sheet), paid. */
export async function paidDelivery(shopper: Shopper): Promise<OrderSummary> {
  const response = await shopper.buyNowRaw({
    productId: 'drip-bag-20',
    idempotencyKey: newKey(),
    quantity: 1,
    shipping,
    saveAddress: false,
  });
  const { order } = (await response.json()) as { order: OrderSummary };
  if (order.status !== 'paid') throw new Error(`not paid: ${order.status}`);
  return order;
}

const params = (orderNumber: string) => ({ params: Promise.resolve({ orderNumber }) });

export const customerCalls = (shopper: Shopper) => ({
  detail: (orderNumber: string) =>
    detailRoute(pageRequest(`/api/orders/${orderNumber}`, { cookie: shopper.customer.cookie }), params(orderNumber)),
  cancel: (orderNumber: string) =>
    cancelRoute(
      pageRequest(`/api/orders/${orderNumber}/cancel`, { method: 'POST', cookie: shopper.customer.cookie }),
      params(orderNumber),
    ),
  requestReturn: (orderNumber: string, body: unknown) =>
    returnRoute(
      pageRequest(`/api/orders/${orderNumber}/return`, { method: 'POST', body, cookie: shopper.customer.cookie }),
      params(orderNumber),
    ),
});

export const detailOf = async (response: Response): Promise<OrderDetail> =>
  ((await response.json()) as { order: OrderDetail }).order;

export const operatorCalls = (operator: SignedInOperator) => ({
  step: (orderNumber: string, body: unknown) =>
    callOps(opsFulfilmentRoute, `/api/ops/orders/${orderNumber}/fulfilment`, {
      method: 'POST',
      cookie: operator.cookie,
      params: { orderNumber },
      body,
    }),
  decide: (orderNumber: string, body: unknown) =>
    callOps(opsReturnRoute, `/api/ops/orders/${orderNumber}/return`, {
      method: 'POST',
      cookie: operator.cookie,
      params: { orderNumber },
      body,
    }),
});

export const ship = { action: 'ship', carrier: 'CJ대한통운', trackingNumber: '123456789012' };

/** The order's row, its mails (kind:occasion) and the refunds written for its payment. */
export async function stored(merchantUid: string) {
  const db = await getDb();
  const order = await db.query.orders.findFirst({ where: eq(orders.merchantUid, merchantUid) });
  if (!order) throw new Error('no order');
  const mails = await db.query.mailOutbox.findMany({ where: eq(mailOutbox.subject, order.id) });
  const refundMails = order.impUid
    ? await db.query.mailOutbox.findMany({ where: eq(mailOutbox.subject, order.impUid) })
    : [];
  const promised = await db.query.refunds.findMany({ where: eq(refunds.merchantUid, merchantUid) });
  return {
    order,
    mails: mails.map((m) => `${m.kind}:${m.occasion}`).sort(),
    refundMails: refundMails.map((m) => Number(m.payload.amount)),
    refunds: promised,
  };
}
