import { readJson } from '@/lib/http';
import { owedRefundIdParam } from '@/lib/ops';
import { owedRefundBody } from '@/lib/ops/client';
import { refundOwedForOps } from '@/lib/refunds';
import { route } from '@/lib/routes';

// POST /api/ops/owed-refunds/{id} — refund money owed back to the account typed or left on the order, once (refunder)
export const POST = route.operator(
  'refunder',
  async (request, { operator, params }) => {
    const { refundAccount } = await readJson(request, owedRefundBody);
    return Response.json(await refundOwedForOps(operator, params.id, refundAccount));
  },
  { sameOrigin: true, params: { id: owedRefundIdParam } },
);
