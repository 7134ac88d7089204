import 'server-only';
import { setCookieHeader } from '@/lib/http';
import { OPS_SESSION_COOKIE, OPS_SESSION_TTL_SECONDS } from './sessions';

/**
 * The console's cookie: httpOnly, and SameSite=Strict (unlike the customers', no service window
 * ever returns to the console), Secure in production as the customers' one is.
 */
export function opsCookieHeader(request: Request, value: string): string {
  const header = setCookieHeader(request, OPS_SESSION_COOKIE, value, value ? OPS_SESSION_TTL_SECONDS : 0);
  return header.replace('SameSite=Lax', 'SameSite=Strict');
}
