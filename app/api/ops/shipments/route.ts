import { listShipmentsForOps, readQuery } from '@/lib/ops';
import { opsOrderFiltersSchema } from '@/lib/ops/client';
import { route } from '@/lib/routes';

// GET /api/ops/shipments — goods subscriptions' boxes in the fulfilment queue's filters: to ship, on the way, recent, or by number (viewer)
export const GET = route.operator('viewer', async (request) =>
  Response.json(await listShipmentsForOps(readQuery(request, opsOrderFiltersSchema))),
);
