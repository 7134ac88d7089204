import { requestPasswordReset, resetRequestSchema } from '@/lib/accounts';
import { clientAddress, readJson } from '@/lib/http';
import { route } from '@/lib/routes';

// POST /api/password-reset — mail a reset link; the answer is the same whether the email has an account
export const POST = route(
  async (request) => {
    const { email } = await readJson(request, resetRequestSchema);
    await requestPasswordReset(email, clientAddress(request) ?? 'unknown');
    return Response.json({ ok: true }, { status: 202 });
  },
  { sameOrigin: true },
);
