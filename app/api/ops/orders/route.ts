import { route } from '@/lib/http/handler';
import { listOrdersForOps } from '@/lib/ops/orders';
import { readQuery } from '@/lib/ops/requests';
import { opsOrderFiltersSchema } from '@/lib/shared/ops/orders';

// GET /api/ops/orders — the fulfilment queue: to ship, on the way, returns asked for, or one order by number (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listOrdersForOps(readQuery(request, opsOrderFiltersSchema))),
);
