import { passwordConfirmSchema } from '@/lib/accounts/account-changes';
import { SESSION_COOKIE } from '@/lib/accounts/sessions';
import { readJson } from '@/lib/http/body';
import { setCookieHeader } from '@/lib/http/cookies';
import { route } from '@/lib/routes/route';
import { withdraw } from '@/lib/withdrawal/withdraw';

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
