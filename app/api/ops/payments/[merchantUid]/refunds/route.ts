import { readJson } from '@/lib/http/body';
import { refundRequestSchema } from '@/lib/ops/client/payments';
import { merchantUidFrom } from '@/lib/ops/requests';
import { refundPayment } from '@/lib/refunds/operator-refund';
import { route } from '@/lib/routes/route';

// POST /api/ops/payments/{merchantUid}/refunds — refund in full or in part, with the checksum (refunder)
export const POST = route.operator(
  'refunder',
  async (request, { operator, params }) =>
    Response.json(await refundPayment(operator, params.merchantUid, await readJson(request, refundRequestSchema))),
  { sameOrigin: true, params: { merchantUid: merchantUidFrom } },
);
