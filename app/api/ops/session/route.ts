import { readJson } from '@/lib/http/body';
import { readCookie } from '@/lib/http/cookies';
import { opsCookieHeader } from '@/lib/ops/cookie';
import { operatorFrom } from '@/lib/ops/guard';
import { toOperatorSummary } from '@/lib/ops/operators';
import { endOperatorSession, OPS_SESSION_COOKIE } from '@/lib/ops/sessions';
import { opsCredentialsSchema, signInOperator } from '@/lib/ops/sign-in';
import { route } from '@/lib/routes/route';

// GET /api/ops/session — the signed-in operator, or null
export const GET = route(async (request) => {
  const operator = await operatorFrom(request);
  return Response.json({ operator: operator ? toOperatorSummary(operator) : null });
});

// POST /api/ops/session — an operator signs in (rate-limited)
export const POST = route(
  async (request) => {
    const { operator, cookie } = await signInOperator(request, await readJson(request, opsCredentialsSchema));
    return Response.json(
      { operator: toOperatorSummary(operator) },
      { headers: { 'set-cookie': opsCookieHeader(request, cookie) } },
    );
  },
  { sameOrigin: true },
);

// DELETE /api/ops/session — sign out
export const DELETE = route(
  async (request) => {
    await endOperatorSession(readCookie(request, OPS_SESSION_COOKIE));
    return Response.json({ operator: null }, { headers: { 'set-cookie': opsCookieHeader(request, '') } });
  },
  { sameOrigin: true },
);
