import { limitKey } from '@/lib/http';
import { ensureSignupBrowser, issueCheck } from '@/lib/identity';
import { IDENTITY_CHECKS_PER_ADDRESS, spend } from '@/lib/rate-limit';
import { route } from '@/lib/routes';

// POST /api/identity/checks — issue a merchant_uid for IMP.certification, bound to this browser
export const POST = route(
  async (request) => {
    await spend(IDENTITY_CHECKS_PER_ADDRESS, limitKey(request));
    const { browserTokenHash, setCookie } = ensureSignupBrowser(request);
    const check = await issueCheck(browserTokenHash);
    return Response.json({ merchantUid: check.merchantUid }, { headers: setCookie ? { 'set-cookie': setCookie } : {} });
  },
  { sameOrigin: true },
);
