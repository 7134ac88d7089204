import { barcodeSvg } from '@/lib/orders/barcode-image';
import { findUserOrder } from '@/lib/orders/orders';
import { refuseOrder } from '@/lib/orders/refusals';
import { merchantUidFrom } from '@/lib/orders/requests';
import { route } from '@/lib/routes/route';

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
