import { readJson } from '@/lib/http/body';
import { asGiven, route } from '@/lib/http/handler';
import { toOpsOrder } from '@/lib/ops/orders';
import { decideReturn } from '@/lib/orders/returns';
import { returnDecisionSchema } from '@/lib/shared/fulfilment-schemas';

// POST /api/ops/orders/{orderNumber}/return — approve a return (refund less a return fee) or decline it (refunder)
export const POST = route.operator(
  'refunder',
  async (request, { operator, params }) => {
    const decision = await readJson(request, returnDecisionSchema);
    const { order, refund } = await decideReturn(operator, params.orderNumber, decision);
    return Response.json({ order: toOpsOrder(order), refund: refund ?? null });
  },
  { sameOrigin: true, params: { orderNumber: asGiven } },
);
