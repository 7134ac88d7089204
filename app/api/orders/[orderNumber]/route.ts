import { orderDetail } from '@/lib/orders';
import { asGiven, route } from '@/lib/routes';

// GET /api/orders/{orderNumber} — the customer's own order with its timeline (anyone else's: 404)
export const GET = route.customer(
  async (_request, { user, params }) => Response.json({ order: await orderDetail(user.id, params.orderNumber) }),
  { params: { orderNumber: asGiven } },
);
