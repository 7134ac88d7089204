import { readCookie, readJson } from '@/lib/http';
import {
  endOperatorSession,
  OPS_SESSION_COOKIE,
  operatorFrom,
  opsCookieHeader,
  opsCredentialsSchema,
  signInOperator,
  toOperatorSummary,
} from '@/lib/ops';
import { route } from '@/lib/routes';

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
