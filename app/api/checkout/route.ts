import { readJson } from '@/lib/http/body';
import { startCheckout } from '@/lib/orders/checkout';
import { checkoutBody } from '@/lib/orders/requests';
import { route } from '@/lib/routes/route';

// POST /api/checkout — create an order for the payment window, its amount pre-registered with the service
export const POST = route.customer(
  async (request, { user }) => {
    return Response.json({ checkout: await startCheckout(user, await readJson(request, checkoutBody)) });
  },
  { sameOrigin: true },
);
