import { readJson } from '@/lib/http';
import { checkoutResultBody, confirmCheckout, toOrderSummary } from '@/lib/orders';
import { route } from '@/lib/routes';

// POST /api/checkout/verify — the window's imp_uid: the service's record settles the order
export const POST = route.customer(
  async (request, { user }) => {
    const { merchant_uid, imp_uid } = await readJson(request, checkoutResultBody);
    return Response.json({ order: toOrderSummary(await confirmCheckout(user, merchant_uid, imp_uid)) });
  },
  { sameOrigin: true },
);
