import { confirmEmailChange, emailConfirmSchema } from '@/lib/accounts/email-change';
import { readJson } from '@/lib/http/body';
import { route } from '@/lib/routes/route';

// POST /api/account/email/confirm — the link mailed to the new address, opened: the change takes effect (once)
export const POST = route(
  async (request) => {
    const { token } = await readJson(request, emailConfirmSchema);
    return Response.json({ email: await confirmEmailChange(token) });
  },
  { sameOrigin: true },
);
