import 'server-only';
import { env } from '@/lib/env';

/** Reads one cookie from a request (route handlers are plain Request → Response functions). */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get('cookie');
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      // Not percent-encoding we wrote (a tossed or damaged cookie): no cookie, not a 500.
      return undefined;
    }
  }
  return undefined;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * httpOnly and SameSite=Lax (the m_redirect_url return is a top-level GET from the service).
 * Secure in production, except for `npm start` on this machine over plain http to loopback.
 */
export function setCookieHeader(request: Request, name: string, value: string, maxAgeSeconds: number): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAgeSeconds}`,
  ];
  const url = new URL(request.url);
  const plainLocal = url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  if (env.NODE_ENV === 'production' && !plainLocal) parts.push('Secure');
  return parts.join('; ');
}
