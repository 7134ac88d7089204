import 'server-only';
import { mintSignedToken, verifySignedToken } from '@/lib/accounts';
import { env } from '@/lib/env';
import { readCookie, setCookieHeader } from '@/lib/http';
import { serverSecret } from '@/lib/secrets';

/** Binds an identity check to the browser that started it, before there is an account. */
export const SIGNUP_COOKIE = 'imp_signup';
const TTL_SECONDS = 60 * 60;

const secret = () => serverSecret('session', env.SESSION_SECRET);

export function signupBrowserHash(request: Request): string | undefined {
  return verifySignedToken(readCookie(request, SIGNUP_COOKIE), secret());
}

/** This browser's hash, minting a cookie (returned as a Set-Cookie value) when it has none. */
export function ensureSignupBrowser(request: Request): { browserTokenHash: string; setCookie?: string } {
  const existing = signupBrowserHash(request);
  if (existing) return { browserTokenHash: existing };
  const { cookieValue, tokenHash } = mintSignedToken(secret());
  return { browserTokenHash: tokenHash, setCookie: setCookieHeader(request, SIGNUP_COOKIE, cookieValue, TTL_SECONDS) };
}

export const clearSignupCookie = (request: Request) => setCookieHeader(request, SIGNUP_COOKIE, '', 0);
