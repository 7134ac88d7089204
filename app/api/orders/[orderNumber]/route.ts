import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { orderDetail } from '@/lib/orders/order-detail';

interface Context {
  params: Promise<{ orderNumber: string }>;
}

// GET /api/orders/{orderNumber} — the customer's own order with its timeline (anyone else's: 404)
export const GET = route<Context>(async (request, { params }) => {
  const user = await requireUserFrom(request);
  return Response.json({ order: await orderDetail(user.id, (await params).orderNumber) });
});
