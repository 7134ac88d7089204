import { changePassword, passwordChangeSchema } from '@/lib/accounts/account-changes';
import { SESSION_COOKIE } from '@/lib/accounts/sessions';
import { readJson } from '@/lib/http/body';
import { readCookie } from '@/lib/http/cookies';
import { route } from '@/lib/routes/route';

// PUT /api/account/password — change the password (current one required); other sessions end
export const PUT = route.customer(
  async (request, { user }) => {
    const { currentPassword, newPassword } = await readJson(request, passwordChangeSchema);
    await changePassword(user, currentPassword, newPassword, readCookie(request, SESSION_COOKIE));
    return Response.json({ changed: true });
  },
  { sameOrigin: true },
);
