import { requestPasswordReset, resetRequestSchema } from '@/lib/accounts/password-reset';
import { readJson } from '@/lib/http/body';
import { clientAddress } from '@/lib/http/client-address';
import { route } from '@/lib/routes/route';

// POST /api/password-reset — mail a reset link; the answer is the same whether the email has an account
export const POST = route(
  async (request) => {
    const { email } = await readJson(request, resetRequestSchema);
    await requestPasswordReset(email, clientAddress(request) ?? 'unknown');
    return Response.json({ ok: true }, { status: 202 });
  },
  { sameOrigin: true },
);
