import { readJson } from '@/lib/http';
import { findOwnOrder, orderDetail, requestReturn } from '@/lib/orders';
import { returnReasonText, returnRequestSchema } from '@/lib/orders/client';
import { asGiven, route } from '@/lib/routes';

// POST /api/orders/{orderNumber}/return — ask for a return within 7 days of delivery, with a reason chosen
export const POST = route.customer(
  async (request, { user, params: { orderNumber } }) => {
    const { reason, detail } = await readJson(request, returnRequestSchema);
    await requestReturn(await findOwnOrder(user.id, orderNumber), returnReasonText(reason, detail));
    return Response.json({ order: await orderDetail(user.id, orderNumber) });
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
