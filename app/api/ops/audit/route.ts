import { route } from '@/lib/http/handler';
import { listAudit } from '@/lib/ops/audit';
import { toAuditView } from '@/lib/ops/payments/detail';
import { readQuery } from '@/lib/ops/requests';
import { auditFiltersSchema } from '@/lib/shared/ops/audit';

// GET /api/ops/audit — the operators' actions, filtered, newest first (viewer)
export const GET = route.operator('viewer', async (request) => {
  const filters = readQuery(request, auditFiltersSchema);
  const { rows, total } = await listAudit(filters);
  return Response.json({ rows: rows.map(toAuditView), total, page: filters.page, pageSize: filters.pageSize });
});
