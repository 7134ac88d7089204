import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { cancelOrder } from '@/lib/orders/cancel-order';
import { findOwnOrder, orderDetail } from '@/lib/orders/order-detail';

interface Context {
  params: Promise<{ orderNumber: string }>;
}

// POST /api/orders/{orderNumber}/cancel — cancel before shipping, refunded in full (409 once shipped)
export const POST = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    const { orderNumber } = await params;
    const result = await cancelOrder(await findOwnOrder(user.id, orderNumber));
    return Response.json({ result, order: await orderDetail(user.id, orderNumber) });
  },
  { sameOrigin: true },
);
