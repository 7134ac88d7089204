import { orderDetail } from '@/lib/orders/order-detail';
import { asGiven, route } from '@/lib/routes/route';

// GET /api/orders/{orderNumber} — the customer's own order with its timeline (anyone else's: 404)
export const GET = route.customer(
  async (_request, { user, params }) => Response.json({ order: await orderDetail(user.id, params.orderNumber) }),
  { params: { orderNumber: asGiven } },
);
