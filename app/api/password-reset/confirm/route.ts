import { resetPassword, resetSchema } from '@/lib/accounts';
import { readJson } from '@/lib/http';
import { route } from '@/lib/routes';

// POST /api/password-reset/confirm — set a new password with a reset link's token (once)
export const POST = route(
  async (request) => {
    const { token, password } = await readJson(request, resetSchema);
    await resetPassword(token, password);
    return Response.json({ ok: true });
  },
  { sameOrigin: true },
);
