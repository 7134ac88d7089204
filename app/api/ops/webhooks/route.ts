import { webhookFiltersSchema } from '@/lib/ops/client/webhooks';
import { readQuery } from '@/lib/ops/requests';
import { listDeliveries } from '@/lib/ops/webhooks/deliveries';
import { route } from '@/lib/routes/route';

// GET /api/ops/webhooks — the deliveries received, filtered (viewer)
export const GET = route.operator('viewer', async (request) => {
  const filters = readQuery(request, webhookFiltersSchema);
  return Response.json({ ...(await listDeliveries(filters)), page: filters.page, pageSize: filters.pageSize });
});
