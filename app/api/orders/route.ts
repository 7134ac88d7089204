import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { orderHistory } from '@/lib/orders/history';

// GET /api/orders — the signed-in customer's orders, newest first (pending ones looked up on the way)
export const GET = route(async (request) => {
  const user = await requireUserFrom(request);
  return Response.json({ orders: await orderHistory(user.id) });
});
