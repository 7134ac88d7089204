import { subscriptionDetailForOps, subscriptionIdParam } from '@/lib/ops';
import { route } from '@/lib/routes';

// GET /api/ops/subscriptions/{id} — periods, charges, the service's booking, dunning (viewer)
export const GET = route.operator(
  'viewer',
  async (_request, { params }) => Response.json(await subscriptionDetailForOps(params.id)),
  { params: { id: subscriptionIdParam } },
);
