import { route } from '@/lib/http/handler';
import { readQuery } from '@/lib/ops/requests';
import { listSubscriptionsForOps } from '@/lib/ops/subscriptions/read';
import { subscriptionFiltersSchema } from '@/lib/shared/ops/subscriptions';

// GET /api/ops/subscriptions — subscriptions by customer, status, missing booking (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listSubscriptionsForOps(readQuery(request, subscriptionFiltersSchema))),
);
