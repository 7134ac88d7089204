import { readJson } from '@/lib/http';
import { merchantUidFrom } from '@/lib/ops';
import { refundPayment } from '@/lib/refunds';
import { refundRequestSchema } from '@/lib/refunds/client';
import { route } from '@/lib/routes';

// POST /api/ops/payments/{merchantUid}/refunds — refund in full or in part, with the checksum (refunder)
export const POST = route.operator(
  'refunder',
  async (request, { operator, params }) =>
    Response.json(await refundPayment(operator, params.merchantUid, await readJson(request, refundRequestSchema))),
  { sameOrigin: true, params: { merchantUid: merchantUidFrom } },
);
