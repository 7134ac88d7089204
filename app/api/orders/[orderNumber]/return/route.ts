import { requireUserFrom } from '@/lib/accounts/current-user';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { requestReturn } from '@/lib/orders/fulfilment';
import { findOwnOrder, orderDetail } from '@/lib/orders/order-detail';
import { returnRequestSchema } from '@/lib/shared/fulfilment-schemas';

interface Context {
  params: Promise<{ orderNumber: string }>;
}

// POST /api/orders/{orderNumber}/return — ask for a return within 7 days of delivery, with a reason
export const POST = route<Context>(
  async (request, { params }) => {
    const user = await requireUserFrom(request);
    const { orderNumber } = await params;
    const { reason } = await readJson(request, returnRequestSchema);
    await requestReturn(await findOwnOrder(user.id, orderNumber), reason);
    return Response.json({ order: await orderDetail(user.id, orderNumber) });
  },
  { sameOrigin: true },
);
