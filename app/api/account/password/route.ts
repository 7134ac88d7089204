import { changePassword, passwordChangeSchema, SESSION_COOKIE } from '@/lib/accounts';
import { readCookie, readJson } from '@/lib/http';
import { route } from '@/lib/routes';

// PUT /api/account/password — change the password (current one required); other sessions end
export const PUT = route.customer(
  async (request, { user }) => {
    const { currentPassword, newPassword } = await readJson(request, passwordChangeSchema);
    await changePassword(user, currentPassword, newPassword, readCookie(request, SESSION_COOKIE));
    return Response.json({ changed: true });
  },
  { sameOrigin: true },
);
