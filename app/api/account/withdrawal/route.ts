import { passwordConfirmSchema, SESSION_COOKIE } from '@/lib/accounts';
import { readJson, setCookieHeader } from '@/lib/http';
import { route } from '@/lib/routes';
import { withdraw } from '@/lib/withdrawal';

// POST /api/account/withdrawal — 회원탈퇴 (password required): subscriptions ended and refunded, cards deleted, account anonymised
export const POST = route.customer(
  async (request, { user }) => {
    const { password } = await readJson(request, passwordConfirmSchema);
    const report = await withdraw(user, password);
    return Response.json(
      { withdrawn: true, ...report },
      { headers: { 'set-cookie': setCookieHeader(request, SESSION_COOKIE, '', 0) } },
    );
  },
  { sameOrigin: true },
);
