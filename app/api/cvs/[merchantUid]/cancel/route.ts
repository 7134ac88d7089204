import { requireUserFrom } from '@/lib/accounts/current-user';
import { route } from '@/lib/http/handler';
import { cancelBarcode } from '@/lib/orders/cvs';
import { toOrderSummary } from '@/lib/orders/orders';
import { merchantUidFrom } from '@/lib/orders/requests';

interface Context {
  params: Promise<{ merchantUid: string }>;
}

// POST /api/cvs/{merchantUid}/cancel — cancel a barcode not yet paid at a store
export const POST = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    const order = await cancelBarcode(user, merchantUidFrom((await params).merchantUid));
    return Response.json({ order: toOrderSummary(order) });
  },
  { sameOrigin: true },
);
