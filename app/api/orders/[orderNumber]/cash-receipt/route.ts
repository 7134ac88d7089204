import { readJson } from '@/lib/http';
import { cashReceiptState, findOwnOrder, requestCashReceipt } from '@/lib/orders';
import { cashReceiptRequest } from '@/lib/orders/client';
import { asGiven, route } from '@/lib/routes';

// GET /api/orders/{orderNumber}/cash-receipt — the order's 현금영수증 (masked) and whether one may be asked for
export const GET = route.customer(
  async (_request, { user, params }) =>
    Response.json(await cashReceiptState(await findOwnOrder(user.id, params.orderNumber))),
  { params: { orderNumber: asGiven } },
);

// POST /api/orders/{orderNumber}/cash-receipt — ask for one (가상계좌·계좌이체 only); issued at once if paid
export const POST = route.customer(
  async (request, { user, params }) => {
    const body = await readJson(request, cashReceiptRequest);
    const order = await requestCashReceipt(await findOwnOrder(user.id, params.orderNumber), body);
    return Response.json(await cashReceiptState(order));
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
