import { readJson } from '@/lib/http';
import { findOwnOrder, orderDetail, saveRefundAccount } from '@/lib/orders';
import { asGiven, route } from '@/lib/routes';
import { refundAccountSchema } from '@/lib/values/client';

// POST /api/orders/{orderNumber}/refund-account — the customer's account for a 가상계좌 refund, its holder checked at the service
export const POST = route.customer(
  async (request, { user, params: { orderNumber } }) => {
    const account = await readJson(request, refundAccountSchema);
    await saveRefundAccount(await findOwnOrder(user.id, orderNumber), account);
    return Response.json({ order: await orderDetail(user.id, orderNumber) });
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
