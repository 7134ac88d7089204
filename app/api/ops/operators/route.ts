import { readJson } from '@/lib/http';
import { addOperatorBody, addOperatorForOps, listOperators } from '@/lib/ops';
import { route } from '@/lib/routes';

// GET /api/ops/operators — the console's operators (admin)
export const GET = route.operator('admin', async () => Response.json({ operators: await listOperators() }));

// POST /api/ops/operators — add an operator; answers the one-time password, shown once (admin)
export const POST = route.operator(
  'admin',
  async (request, { operator }) => {
    const { email, role } = await readJson(request, addOperatorBody);
    return Response.json(await addOperatorForOps(operator, email, role), { status: 201 });
  },
  { sameOrigin: true },
);
