import { readJson } from '@/lib/http/body';
import { toOpsOrder } from '@/lib/ops/orders';
import { returnDecisionSchema } from '@/lib/orders/fulfilment-schemas';
import { decideReturn } from '@/lib/orders/returns';
import { asGiven, route } from '@/lib/routes/route';

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
