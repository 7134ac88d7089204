import { readJson } from '@/lib/http/body';
import { toOpsOrder } from '@/lib/ops/orders';
import { advanceFulfilment } from '@/lib/orders/fulfilment';
import { fulfilmentActionSchema } from '@/lib/orders/fulfilment-schemas';
import { asGiven, route } from '@/lib/routes/route';

// POST /api/ops/orders/{orderNumber}/fulfilment — 배송 준비 / 발송 (carrier, tracking) / 배송 완료 (refunder)
export const POST = route.operator(
  'refunder',
  async (request, { operator, params }) => {
    const action = await readJson(request, fulfilmentActionSchema);
    return Response.json({ order: toOpsOrder(await advanceFulfilment(operator, params.orderNumber, action)) });
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
