import { emailChangeSchema, requestEmailChange } from '@/lib/accounts';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';

// PUT /api/account/email — ask to change the sign-in email (current password required): a link goes to the new address
export const PUT = route.customer(
  async (request, { user }) => {
    const { currentPassword, email } = await readJson(request, emailChangeSchema);
    return Response.json({ pending: await requestEmailChange(user, currentPassword, email) }, { status: 202 });
  },
  { sameOrigin: true },
);
