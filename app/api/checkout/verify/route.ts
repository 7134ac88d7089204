import { readJson } from '@/lib/http/body';
import { confirmCheckout } from '@/lib/orders/checkout';
import { toOrderSummary } from '@/lib/orders/orders';
import { checkoutResultBody } from '@/lib/orders/requests';
import { route } from '@/lib/routes/route';

// POST /api/checkout/verify — the window's imp_uid: the service's record settles the order
export const POST = route.customer(
  async (request, { user }) => {
    const { merchant_uid, imp_uid } = await readJson(request, checkoutResultBody);
    return Response.json({ order: toOrderSummary(await confirmCheckout(user, merchant_uid, imp_uid)) });
  },
  { sameOrigin: true },
);
