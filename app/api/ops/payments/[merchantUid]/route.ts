import { paymentDetail } from '@/lib/ops/payments/detail';
import { merchantUidFrom } from '@/lib/ops/requests';
import { route } from '@/lib/routes/route';

// GET /api/ops/payments/{merchantUid} — our record and the service's, side by side (viewer)
export const GET = route.operator(
  'viewer',
  async (_request, { params }) => Response.json(await paymentDetail(params.merchantUid)),
  { params: { merchantUid: merchantUidFrom } },
);
