import { listAudit } from '@/lib/audit';
import { readQuery, toAuditView } from '@/lib/ops';
import { auditFiltersSchema } from '@/lib/ops/client';
import { route } from '@/lib/routes';

// GET /api/ops/audit — the operators' actions, filtered, newest first (viewer)
export const GET = route.operator('viewer', async (request) => {
  const filters = readQuery(request, auditFiltersSchema);
  const { rows, total } = await listAudit(filters);
  return Response.json({ rows: rows.map(toAuditView), total, page: filters.page, pageSize: filters.pageSize });
});
