import { readJson } from '@/lib/http/body';
import { readCookie } from '@/lib/http/cookies';
import { changeOperatorPassword, toOperatorSummary } from '@/lib/ops/operators';
import { OPS_SESSION_COOKIE } from '@/lib/ops/sessions';
import { passwordChangeSchema } from '@/lib/ops/sign-in';
import { route } from '@/lib/routes/route';

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
