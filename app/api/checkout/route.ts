import { requireUserFrom } from '@/lib/accounts/current-user';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { startCheckout } from '@/lib/orders/checkout';
import { checkoutBody } from '@/lib/orders/requests';

// POST /api/checkout — create an order for the payment window, its amount pre-registered with the service
export const POST = route(
  async (request) => {
    const user = await requireUserFrom(request);
    return Response.json({ checkout: await startCheckout(user, await readJson(request, checkoutBody)) });
  },
  { sameOrigin: true },
);
