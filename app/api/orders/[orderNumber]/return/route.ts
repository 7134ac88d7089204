import { readJson } from '@/lib/http/body';
import { requestReturn } from '@/lib/orders/fulfilment';
import { returnRequestSchema } from '@/lib/orders/fulfilment-schemas';
import { returnReasonText } from '@/lib/orders/fulfilment-words';
import { findOwnOrder, orderDetail } from '@/lib/orders/order-detail';
import { asGiven, route } from '@/lib/routes/route';

// POST /api/orders/{orderNumber}/return — ask for a return within 7 days of delivery, with a reason chosen
export const POST = route.customer(
  async (request, { user, params: { orderNumber } }) => {
    const { reason, detail } = await readJson(request, returnRequestSchema);
    await requestReturn(await findOwnOrder(user.id, orderNumber), returnReasonText(reason, detail));
    return Response.json({ order: await orderDetail(user.id, orderNumber) });
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
