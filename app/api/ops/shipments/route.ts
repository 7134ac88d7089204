import { opsOrderFiltersSchema } from '@/lib/ops/client/orders';
import { readQuery } from '@/lib/ops/requests';
import { listShipmentsForOps } from '@/lib/ops/shipments';
import { route } from '@/lib/routes/route';

// GET /api/ops/shipments — goods subscriptions' boxes in the fulfilment queue's filters: to ship, on the way, recent, or by number (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listShipmentsForOps(readQuery(request, opsOrderFiltersSchema))),
);
