import { readJson } from '@/lib/http';
import { buyNow, buyNowBody, toOrderSummary } from '@/lib/orders';
import { route } from '@/lib/routes';

// POST /api/orders/buy-now — one-click purchase with a saved card; a repeated key answers the same order
export const POST = route.customer(
  async (request, { user }) => {
    const { order, created } = await buyNow(user, await readJson(request, buyNowBody));
    return Response.json({ order: toOrderSummary(order) }, { status: created ? 201 : 200 });
  },
  { sameOrigin: true },
);
