import { z } from 'zod';
import { env } from '@/lib/env';
import { readJson } from '@/lib/http';
import { IDENTITY_SERVICE_UNAVAILABLE, refuse, signupBrowserHash, verifyCertification } from '@/lib/identity';
import { route } from '@/lib/routes';

const bodySchema = z.object({
  imp_uid: z.string().regex(/^imp_\w{1,40}$/, '인증번호(imp_uid) 형식이 올바르지 않습니다.'),
});

// POST /api/identity/verify — accept a certification after re-reading it from the service
export const POST = route(
  async (request) => {
    const { imp_uid } = await readJson(request, bodySchema);
    const browserTokenHash = signupBrowserHash(request);
    if (!browserTokenHash) throw refuse('foreign_check');
    // Our pages' origins; by default the one this request came from (same-origin is enforced below).
    const origins = env.APP_ORIGINS.length > 0 ? env.APP_ORIGINS : [request.headers.get('origin') ?? ''];
    return Response.json({ identity: await verifyCertification(imp_uid, browserTokenHash, origins) });
  },
  { sameOrigin: true, serviceUnavailable: IDENTITY_SERVICE_UNAVAILABLE },
);
