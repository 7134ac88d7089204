import { cancelOrder, findOwnOrder, orderDetail } from '@/lib/orders';
import { asGiven, route } from '@/lib/routes';

// POST /api/orders/{orderNumber}/cancel — cancel before shipping, refunded in full (409 once shipped)
export const POST = route.customer(
  async (_request, { user, params: { orderNumber } }) => {
    const result = await cancelOrder(await findOwnOrder(user.id, orderNumber));
    return Response.json({ result, order: await orderDetail(user.id, orderNumber) });
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
