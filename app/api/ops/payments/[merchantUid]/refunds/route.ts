import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { refundPayment } from '@/lib/ops/payments/refund';
import { merchantUidFrom } from '@/lib/ops/requests';
import { refundRequestSchema } from '@/lib/shared/ops/payments';

interface Context {
  params: Promise<{ merchantUid: string }>;
}

// POST /api/ops/payments/{merchantUid}/refunds — refund in full or in part, with the checksum (refunder)
export const POST = route<Context>(
  async (request, { params }) => {
    const operator = await requireOperator(request, 'refunder');
    const merchantUid = merchantUidFrom((await params).merchantUid);
    return Response.json(await refundPayment(operator, merchantUid, await readJson(request, refundRequestSchema)));
  },
  { sameOrigin: true },
);
