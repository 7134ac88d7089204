import { readJson } from '@/lib/http/body';
import { asGiven, route } from '@/lib/http/handler';
import { requestReturn } from '@/lib/orders/fulfilment';
import { findOwnOrder, orderDetail } from '@/lib/orders/order-detail';
import { returnReasonText } from '@/lib/shared/fulfilment';
import { returnRequestSchema } from '@/lib/shared/fulfilment-schemas';

// POST /api/orders/{orderNumber}/return — ask for a return within 7 days of delivery, with a reason chosen
export const POST = route.customer(
  async (request, { user, params: { orderNumber } }) => {
    const { reason, detail } = await readJson(request, returnRequestSchema);
    await requestReturn(await findOwnOrder(user.id, orderNumber), returnReasonText(reason, detail));
    return Response.json({ order: await orderDetail(user.id, orderNumber) });
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
