import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { toOpsOrder } from '@/lib/ops/orders';
import { advanceFulfilment } from '@/lib/orders/fulfilment';
import { fulfilmentActionSchema } from '@/lib/shared/fulfilment-schemas';

interface Context {
  params: Promise<{ orderNumber: string }>;
}

// POST /api/ops/orders/{orderNumber}/fulfilment — 배송 준비 / 발송 (carrier, tracking) / 배송 완료 (refunder)
export const POST = route<Context>(
  async (request, { params }) => {
    const operator = await requireOperator(request, 'refunder');
    const action = await readJson(request, fulfilmentActionSchema);
    return Response.json({ order: toOpsOrder(await advanceFulfilment(operator, (await params).orderNumber, action)) });
  },
  { sameOrigin: true },
);
