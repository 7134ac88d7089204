import { readJson } from '@/lib/http';
import { toOpsOrder } from '@/lib/ops';
import { decideReturn } from '@/lib/orders';
import { returnDecisionSchema } from '@/lib/orders/client';
import { asGiven, route } from '@/lib/routes';

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
