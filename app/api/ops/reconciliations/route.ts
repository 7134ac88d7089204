import { readQuery } from '@/lib/ops';
import { pageQuerySchema } from '@/lib/ops/client';
import { listRuns, runReconciliation, withSummary } from '@/lib/reconciliation';
import { route } from '@/lib/routes';

// GET /api/ops/reconciliations — the last runs with their reports, and the latest run (viewer)
export const GET = route.operator('viewer', async (request) => {
  const { page, pageSize } = readQuery(request, pageQuerySchema);
  return Response.json({ ...(await listRuns(page, pageSize)), page, pageSize });
});

// POST /api/ops/reconciliations — run reconciliation now (refunder: it may refund money nothing accounts for)
export const POST = route.operator(
  'refunder',
  async (_request, { operator }) => Response.json({ run: withSummary(await runReconciliation(operator)) }),
  { sameOrigin: true },
);
