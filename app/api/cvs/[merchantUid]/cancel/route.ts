import { cancelBarcode, merchantUidFrom, toOrderSummary } from '@/lib/orders';
import { route } from '@/lib/routes';

// POST /api/cvs/{merchantUid}/cancel — cancel a barcode not yet paid at a store
export const POST = route.customer(
  async (_request, { user, params }) => {
    const order = await cancelBarcode(user, params.merchantUid);
    return Response.json({ order: toOrderSummary(order) });
  },
  { sameOrigin: true, params: { merchantUid: merchantUidFrom } },
);
