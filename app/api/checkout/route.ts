import { readJson } from '@/lib/http';
import { checkoutBody, startCheckout } from '@/lib/orders';
import { route } from '@/lib/routes';

// POST /api/checkout — create an order for the payment window, its amount pre-registered with the service
export const POST = route.customer(
  async (request, { user }) => {
    return Response.json({ checkout: await startCheckout(user, await readJson(request, checkoutBody)) });
  },
  { sameOrigin: true },
);
