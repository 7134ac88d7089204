import { listDeliveries, readQuery } from '@/lib/ops';
import { webhookFiltersSchema } from '@/lib/ops/client';
import { route } from '@/lib/routes';

// GET /api/ops/webhooks — the deliveries received, filtered (viewer)
export const GET = route.operator('viewer', async (request) => {
  const filters = readQuery(request, webhookFiltersSchema);
  return Response.json({ ...(await listDeliveries(filters)), page: filters.page, pageSize: filters.pageSize });
});
