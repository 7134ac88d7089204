import { env } from '@/lib/env';
import { limitKey } from '@/lib/http';
import { ensureSignupBrowser, issueCheck } from '@/lib/identity';
import { v2Window } from '@/lib/provider';
import { IDENTITY_CHECKS_PER_ADDRESS, spend } from '@/lib/rate-limit';
import { route } from '@/lib/routes';

// POST /api/identity/checks — issue the id of an identity check, bound to this browser, on the API
// the shop runs on: V1's merchant_uid for IMP.certification, V2's identityVerificationId with the
// store and channel for PortOne.requestIdentityVerification.
export const POST = route(
  async (request) => {
    await spend(IDENTITY_CHECKS_PER_ADDRESS, limitKey(request));
    const { browserTokenHash, setCookie } = ensureSignupBrowser(request);
    const api = env.PORTONE_API;
    const check = await issueCheck(browserTokenHash, api);
    const answer =
      api === 'v1'
        ? { api, merchantUid: check.merchantUid }
        : { ...v2Window(), identityVerificationId: check.merchantUid, channelKey: env.PORTONE_IDENTITY_CHANNEL_KEY };
    return Response.json(answer, { headers: setCookie ? { 'set-cookie': setCookie } : {} });
  },
  { sameOrigin: true },
);
