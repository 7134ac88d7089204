import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { barcodeSvg } from '@/lib/orders/barcode-image';
import { findUserOrder } from '@/lib/orders/orders';
import { refuseOrder } from '@/lib/orders/refusals';
import { merchantUidFrom } from '@/lib/orders/requests';

interface Context {
  params: Promise<{ merchantUid: string }>;
}

// GET /api/cvs/{merchantUid}/barcode — the customer's own barcode as an SVG image, for the store's scanner
export const GET = route<Context>(async (request, { params }) => {
  const user = await requireUserFrom(request);
  const order = await findUserOrder(user.id, merchantUidFrom((await params).merchantUid));
  if (order?.method !== 'cvs' || !order.barcode) throw refuseOrder('order_not_found');
  return new Response(barcodeSvg(order.barcode), {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'private, max-age=300' },
  });
});
