import { z } from 'zod';
import { env } from '@/lib/env';
import { readJson } from '@/lib/http';
import {
  IDENTITY_SERVICE_UNAVAILABLE,
  refuse,
  signupBrowserHash,
  verifyCertification,
  verifyIdentityV2,
} from '@/lib/identity';
import { route } from '@/lib/routes';

const v1Body = z.object({
  imp_uid: z.string().regex(/^imp_\w{1,40}$/, '인증번호(imp_uid) 형식이 올바르지 않습니다.'),
});
// V2: the identityVerificationId we minted for this browser (lib/identity/checks.ts).
const v2Body = z.object({
  identityVerificationId: z.string().regex(/^cert_[\w-]{1,40}$/, '본인인증 번호 형식이 올바르지 않습니다.'),
});

/** A body naming an identityVerificationId is V2's; any other is read as V1's (and answered as today). */
const namesV2Check = async (request: Request) => {
  const raw: unknown = await request
    .clone()
    .json()
    .catch(() => null);
  return typeof raw === 'object' && raw !== null && 'identityVerificationId' in raw;
};

// POST /api/identity/verify — accept a certification after re-reading it from the service
export const POST = route(
  async (request) => {
    if (await namesV2Check(request)) {
      const { identityVerificationId } = await readJson(request, v2Body);
      const browserTokenHash = signupBrowserHash(request);
      if (!browserTokenHash) throw refuse('foreign_check');
      return Response.json({ identity: await verifyIdentityV2(identityVerificationId, browserTokenHash) });
    }
    const { imp_uid } = await readJson(request, v1Body);
    const browserTokenHash = signupBrowserHash(request);
    if (!browserTokenHash) throw refuse('foreign_check');
    // Our pages' origins; by default the one this request came from (same-origin is enforced below).
    const origins = env.APP_ORIGINS.length > 0 ? env.APP_ORIGINS : [request.headers.get('origin') ?? ''];
    return Response.json({ identity: await verifyCertification(imp_uid, browserTokenHash, origins) });
  },
  { sameOrigin: true, serviceUnavailable: IDENTITY_SERVICE_UNAVAILABLE },
);
