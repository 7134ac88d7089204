import { confirmEmailChange, emailConfirmSchema } from '@/lib/accounts';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';

// POST /api/account/email/confirm — the link mailed to the new address, opened: the change takes effect (once)
export const POST = route(
  async (request) => {
    const { token } = await readJson(request, emailConfirmSchema);
    return Response.json({ email: await confirmEmailChange(token) });
  },
  { sameOrigin: true },
);
