import { readJson } from '@/lib/http/body';
import { buyNow } from '@/lib/orders/buy-now';
import { toOrderSummary } from '@/lib/orders/orders';
import { buyNowBody } from '@/lib/orders/requests';
import { route } from '@/lib/routes/route';

// POST /api/orders/buy-now — one-click purchase with a saved card; a repeated key answers the same order
export const POST = route.customer(
  async (request, { user }) => {
    const { order, created } = await buyNow(user, await readJson(request, buyNowBody));
    return Response.json({ order: toOrderSummary(order) }, { status: created ? 201 : 200 });
  },
  { sameOrigin: true },
);
