import { userFrom } from '@/lib/accounts/current-user';
import { endSession, SESSION_COOKIE, SESSION_TTL_SECONDS, startSession } from '@/lib/accounts/sessions';
import { authenticate, credentialsSchema, toAccountSummary } from '@/lib/accounts/sign-in';
import { readJson } from '@/lib/http/body';
import { readCookie, setCookieHeader } from '@/lib/http/cookies';
import { route } from '@/lib/http/handler';

// GET /api/session — the signed-in customer, or null
export const GET = route(async (request) => {
  const user = await userFrom(request);
  return Response.json({ account: user ? toAccountSummary(user) : null });
});

// POST /api/session — sign in with email and password
export const POST = route(
  async (request) => {
    const { email, password } = await readJson(request, credentialsSchema);
    const user = await authenticate(email, password);
    const cookie = await startSession(user.id);
    return Response.json(
      { account: toAccountSummary(user) },
      { headers: { 'set-cookie': setCookieHeader(request, SESSION_COOKIE, cookie, SESSION_TTL_SECONDS) } },
    );
  },
  { sameOrigin: true },
);

// DELETE /api/session — sign out
export const DELETE = route(
  async (request) => {
    await endSession(readCookie(request, SESSION_COOKIE));
    return Response.json(
      { account: null },
      { headers: { 'set-cookie': setCookieHeader(request, SESSION_COOKIE, '', 0) } },
    );
  },
  { sameOrigin: true },
);
