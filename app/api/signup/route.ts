import {
  credentialsSchema,
  EmailTakenError,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  startSession,
  toAccountSummary,
} from '@/lib/accounts';
import { checkSignupConsents, consentClientOf, signupConsentsSchema } from '@/lib/consents';
import { AppError, readJson, setCookieHeader } from '@/lib/http';
import { clearSignupCookie, refuse, signUp, signupBrowserHash } from '@/lib/identity';
import { route } from '@/lib/routes';

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
