import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { paymentDetail } from '@/lib/ops/payments/detail';
import { merchantUidFrom } from '@/lib/ops/requests';

interface Context {
  params: Promise<{ merchantUid: string }>;
}

// GET /api/ops/payments/{merchantUid} — our record and the service's, side by side (viewer)
export const GET = route<Context>(async (request, { params }) => {
  await requireOperator(request, 'viewer');
  return Response.json(await paymentDetail(merchantUidFrom((await params).merchantUid)));
});
