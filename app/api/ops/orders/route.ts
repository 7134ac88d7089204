import { listOrdersForOps, readQuery } from '@/lib/ops';
import { opsOrderFiltersSchema } from '@/lib/ops/client';
import { route } from '@/lib/routes';

// GET /api/ops/orders — the fulfilment queue: to ship, on the way, returns asked for, or one order by number (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listOrdersForOps(readQuery(request, opsOrderFiltersSchema))),
);
