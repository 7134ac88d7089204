import { findVerifiedCheck, signupBrowserHash } from '@/lib/identity';
import { route } from '@/lib/routes';

// GET /api/identity — the identity this browser verified for signup, or null
export const GET = route(async (request) => {
  const browserTokenHash = signupBrowserHash(request);
  const check = browserTokenHash ? await findVerifiedCheck(browserTokenHash) : undefined;
  const identity =
    check?.name && check.birthday && check.gender
      ? { name: check.name, birthday: check.birthday, gender: check.gender }
      : null;
  return Response.json({ identity });
});
