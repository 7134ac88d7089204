import { subscriptionIdParam } from '@/lib/ops/requests';
import { subscriptionDetailForOps } from '@/lib/ops/subscriptions/read';
import { route } from '@/lib/routes/route';

// GET /api/ops/subscriptions/{id} — periods, charges, the service's booking, dunning (viewer)
export const GET = route.operator(
  'viewer',
  async (_request, { params }) => Response.json(await subscriptionDetailForOps(params.id)),
  { params: { id: subscriptionIdParam } },
);
