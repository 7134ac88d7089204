import { readJson } from '@/lib/http';
import { checkoutResultBody, checkoutResultBodyV2, confirmCheckout, toOrderSummary } from '@/lib/orders';
import { route } from '@/lib/routes';

/** A body naming a paymentId is V2's window's; any other is read as V1's (and answered as before). */
const namesV2Payment = async (request: Request) => {
  const raw: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  return typeof raw === 'object' && raw !== null && 'paymentId' in raw;
};

// POST /api/checkout/verify — the window's payment (V1 imp_uid, V2 paymentId): the service's record settles the order
export const POST = route.customer(
  async (request, { user }) => {
    if (await namesV2Payment(request)) {
      const { merchant_uid, paymentId } = await readJson(request, checkoutResultBodyV2);
      return Response.json({ order: toOrderSummary(await confirmCheckout(user, merchant_uid, paymentId, 'v2')) });
    }
    const { merchant_uid, imp_uid } = await readJson(request, checkoutResultBody);
    return Response.json({ order: toOrderSummary(await confirmCheckout(user, merchant_uid, imp_uid)) });
  },
  { sameOrigin: true },
);
