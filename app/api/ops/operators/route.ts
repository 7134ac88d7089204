import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';
import { requireOperator } from '@/lib/ops/guard';
import { addOperatorForOps, listOperators } from '@/lib/ops/operators';
import { addOperatorBody } from '@/lib/ops/requests';

// GET /api/ops/operators — the console's operators (admin)
export const GET = route(async (request) => {
  await requireOperator(request, 'admin');
  return Response.json({ operators: await listOperators() });
});

// POST /api/ops/operators — add an operator; answers the one-time password, shown once (admin)
export const POST = route(
  async (request) => {
    const operator = await requireOperator(request, 'admin');
    const { email, role } = await readJson(request, addOperatorBody);
    return Response.json(await addOperatorForOps(operator, email, role), { status: 201 });
  },
  { sameOrigin: true },
);
