import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';
import { serverSecret } from '@/lib/secrets';

// What the server showed, sealed: the page gets the text with a token naming its hash, and the
// consent that comes back carries the token. The hash logged is the one the server computed
// from the text it rendered; the browser can neither choose it nor swap the terms.

const key = () => `consent:${serverSecret('session', env.SESSION_SECRET)}`;
const sign = (payload: string) => createHmac('sha256', key()).update(payload).digest('base64url');

export function sealConsent<T extends object>(facts: T): string {
  const payload = Buffer.from(JSON.stringify(facts)).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** The sealed facts, or undefined when the token is not one this server made. */
export function openConsent<T>(token: string): T | undefined {
  const [payload, signature] = token.split('.');
  if (!payload || !signature) return undefined;
  const expected = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
  } catch {
    return undefined;
  }
}
