import { readJson } from '@/lib/http';
import { toOpsOrder } from '@/lib/ops';
import { advanceFulfilment } from '@/lib/orders';
import { fulfilmentActionSchema } from '@/lib/orders/client';
import { asGiven, route } from '@/lib/routes';

// POST /api/ops/orders/{orderNumber}/fulfilment — 배송 준비 / 발송 (carrier, tracking) / 배송 완료 (refunder)
export const POST = route.operator(
  'refunder',
  async (request, { operator, params }) => {
    const action = await readJson(request, fulfilmentActionSchema);
    return Response.json({ order: toOpsOrder(await advanceFulfilment(operator, params.orderNumber, action)) });
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
