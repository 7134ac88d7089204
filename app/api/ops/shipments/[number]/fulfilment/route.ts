import { readJson } from '@/lib/http';
import { opsShipmentOf } from '@/lib/ops';
import { fulfilmentActionSchema } from '@/lib/orders/client';
import { asGiven, route } from '@/lib/routes';
import { advanceShipment } from '@/lib/subscriptions';

// POST /api/ops/shipments/{number}/fulfilment — a subscription box: 발송 준비 / 발송 (carrier, tracking) / 배송 완료 (refunder)
export const POST = route.operator(
  'refunder',
  async (request, { operator, params }) => {
    const action = await readJson(request, fulfilmentActionSchema);
    return Response.json({ shipment: await opsShipmentOf(await advanceShipment(operator, params.number, action)) });
  },
  { sameOrigin: true, params: { number: asGiven } },
);
