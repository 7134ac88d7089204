import { listSubscriptionsForOps, readQuery } from '@/lib/ops';
import { subscriptionFiltersSchema } from '@/lib/ops/client';
import { route } from '@/lib/routes';

// GET /api/ops/subscriptions — subscriptions by customer, status, missing booking (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listSubscriptionsForOps(readQuery(request, subscriptionFiltersSchema))),
);
