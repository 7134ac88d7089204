import { barcodeSvg, findUserOrder, merchantUidFrom, refuseOrder } from '@/lib/orders';
import { route } from '@/lib/routes';

// GET /api/cvs/{merchantUid}/barcode — the customer's own barcode as an SVG image, for the store's scanner
export const GET = route.customer(
  async (_request, { user, params }) => {
    const order = await findUserOrder(user.id, params.merchantUid);
    if (order?.method !== 'cvs' || !order.barcode) throw refuseOrder('order_not_found');
    return new Response(barcodeSvg(order.barcode), {
      headers: { 'content-type': 'image/svg+xml', 'cache-control': 'private, max-age=300' },
    });
  },
  { params: { merchantUid: merchantUidFrom } },
);
