import { readCookie, readJson } from '@/lib/http';
import { changeOperatorPassword, OPS_SESSION_COOKIE, passwordChangeSchema, toOperatorSummary } from '@/lib/ops';
import { route } from '@/lib/routes';

// POST /api/ops/password — an operator replaces their password (the one-time one first of all)
export const POST = route.operator(
  'signed-in',
  async (request, { operator }) => {
    const { current, next } = await readJson(request, passwordChangeSchema);
    const keep = readCookie(request, OPS_SESSION_COOKIE);
    return Response.json({ operator: toOperatorSummary(await changeOperatorPassword(operator, current, next, keep)) });
  },
  { sameOrigin: true },
);
