import {
  authenticate,
  credentialsSchema,
  endSession,
  normaliseEmail,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  startSession,
  toAccountSummary,
  userFrom,
} from '@/lib/accounts';
import { limitKey, readCookie, readJson, setCookieHeader } from '@/lib/http';
import { forgive, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS, spend } from '@/lib/rate-limit';
import { route } from '@/lib/routes';

// GET /api/session — the signed-in customer, or null
export const GET = route(async (request) => {
  const user = await userFrom(request);
  return Response.json({ account: user ? toAccountSummary(user) : null });
});

// POST /api/session — sign in with email and password
export const POST = route(
  async (request) => {
    const { email, password } = await readJson(request, credentialsSchema);
    const account = normaliseEmail(email);
    // Spent before the key derivation: guessing costs the guesser, not the server.
    await spend(SIGN_IN_PER_ADDRESS, limitKey(request));
    await spend(SIGN_IN_PER_ACCOUNT, account);
    const user = await authenticate(email, password);
    await forgive(SIGN_IN_PER_ACCOUNT, account);
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
