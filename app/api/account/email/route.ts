import { changeEmail, emailChangeSchema } from '@/lib/accounts/account-changes';
import { requireUserFrom } from '@/lib/accounts/current-user';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/http/handler';

// PUT /api/account/email — change the sign-in email (current password required)
export const PUT = route(
  async (request) => {
    const user = await requireUserFrom(request);
    const { currentPassword, email } = await readJson(request, emailChangeSchema);
    return Response.json({ email: await changeEmail(user, currentPassword, email) });
  },
  { sameOrigin: true },
);
