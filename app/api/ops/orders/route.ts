import { opsOrderFiltersSchema } from '@/lib/ops/client/orders';
import { listOrdersForOps } from '@/lib/ops/orders';
import { readQuery } from '@/lib/ops/requests';
import { route } from '@/lib/routes/route';

// GET /api/ops/orders — the fulfilment queue: to ship, on the way, returns asked for, or one order by number (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listOrdersForOps(readQuery(request, opsOrderFiltersSchema))),
);
