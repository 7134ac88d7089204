import { listAudit } from '@/lib/audit/audit';
import { auditFiltersSchema } from '@/lib/ops/client/audit';
import { toAuditView } from '@/lib/ops/payments/detail';
import { readQuery } from '@/lib/ops/requests';
import { route } from '@/lib/routes/route';

// GET /api/ops/audit — the operators' actions, filtered, newest first (viewer)
export const GET = route.operator('viewer', async (request) => {
  const filters = readQuery(request, auditFiltersSchema);
  const { rows, total } = await listAudit(filters);
  return Response.json({ rows: rows.map(toAuditView), total, page: filters.page, pageSize: filters.pageSize });
});
