import { merchantUidFrom, paymentDetail } from '@/lib/ops';
import { route } from '@/lib/routes';

// GET /api/ops/payments/{merchantUid} — our record and the service's, side by side (viewer)
export const GET = route.operator(
  'viewer',
  async (_request, { params }) => Response.json(await paymentDetail(params.merchantUid)),
  { params: { merchantUid: merchantUidFrom } },
);
