import { subscriptionFiltersSchema } from '@/lib/ops/client/subscriptions';
import { readQuery } from '@/lib/ops/requests';
import { listSubscriptionsForOps } from '@/lib/ops/subscriptions/read';
import { route } from '@/lib/routes/route';

// GET /api/ops/subscriptions — subscriptions by customer, status, missing booking (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listSubscriptionsForOps(readQuery(request, subscriptionFiltersSchema))),
);
