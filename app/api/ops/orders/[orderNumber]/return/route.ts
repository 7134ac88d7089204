import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { toOpsOrder } from '@/lib/ops/orders';
import { decideReturn } from '@/lib/orders/returns';
import { returnDecisionSchema } from '@/lib/shared/fulfilment-schemas';

interface Context {
  params: Promise<{ orderNumber: string }>;
}

// POST /api/ops/orders/{orderNumber}/return — approve a return (refund less a return fee) or decline it (refunder)
export const POST = route<Context>(
  async (request, { params }) => {
    const operator = await requireOperator(request, 'refunder');
    const decision = await readJson(request, returnDecisionSchema);
    const { order, refund } = await decideReturn(operator, (await params).orderNumber, decision);
    return Response.json({ order: toOpsOrder(order), refund: refund ?? null });
  },
  { sameOrigin: true },
);
