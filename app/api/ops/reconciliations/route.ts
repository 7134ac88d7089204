import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { readQuery } from '@/lib/ops/requests';
import { listRuns, runReconciliation, withSummary } from '@/lib/reconciliation/runs';
import { pageQuerySchema } from '@/lib/shared/ops/lists';

// GET /api/ops/reconciliations — the last runs with their reports, and the latest run (viewer)
export const GET = route(async (request) => {
  await requireOperator(request, 'viewer');
  const { page, pageSize } = readQuery(request, pageQuerySchema);
  return Response.json({ ...(await listRuns(page, pageSize)), page, pageSize });
});

// POST /api/ops/reconciliations — run reconciliation now (refunder: it may refund money nothing accounts for)
export const POST = route(
  async (request) => {
    const operator = await requireOperator(request, 'refunder');
    return Response.json({ run: withSummary(await runReconciliation(operator)) });
  },
  { sameOrigin: true },
);
