import { SESSION_COOKIE, SESSION_TTL_SECONDS, startSession } from '@/lib/accounts/sessions';
import { credentialsSchema, toAccountSummary } from '@/lib/accounts/sign-in';
import { EmailTakenError } from '@/lib/accounts/users';
import { consentClientOf } from '@/lib/consents/request-client';
import { checkSignupConsents, signupConsentsSchema } from '@/lib/consents/signup';
import { readJson } from '@/lib/http/body';
import { setCookieHeader } from '@/lib/http/cookies';
import { AppError } from '@/lib/http/errors';
import { refuse } from '@/lib/identity/refusals';
import { signUp } from '@/lib/identity/signup';
import { clearSignupCookie, signupBrowserHash } from '@/lib/identity/signup-cookie';
import { route } from '@/lib/routes/route';

const signupSchema = credentialsSchema.extend({ consents: signupConsentsSchema });

// POST /api/signup — create the account from this browser's verified identity and the agreements, and sign in
export const POST = route(
  async (request) => {
    const { email, password, consents } = await readJson(request, signupSchema);
    // Refused before anything is looked up or created: both required agreements, for today's texts.
    const terms = checkSignupConsents(consents);
    const browserTokenHash = signupBrowserHash(request);
    if (!browserTokenHash) throw refuse('no_verified_identity');
    let user: Awaited<ReturnType<typeof signUp>>;
    try {
      user = await signUp(browserTokenHash, email, password, { terms, client: consentClientOf(request) });
    } catch (error) {
      if (error instanceof EmailTakenError) {
        throw new AppError(409, 'email_taken', '이미 사용 중인 이메일입니다.', {
          email: '이미 사용 중인 이메일입니다.',
        });
      }
      throw error;
    }
    const headers = new Headers();
    headers.append(
      'set-cookie',
      setCookieHeader(request, SESSION_COOKIE, await startSession(user.id), SESSION_TTL_SECONDS),
    );
    headers.append('set-cookie', clearSignupCookie(request));
    return Response.json({ account: toAccountSummary(user) }, { status: 201, headers });
  },
  { sameOrigin: true },
);
