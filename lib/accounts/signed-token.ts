import 'server-only';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random token plus its HMAC: what goes into a cookie. Only `sha256(token)` is stored. */
export function mintSignedToken(secret: string): { cookieValue: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { cookieValue: `${token}.${sign(token, secret)}`, tokenHash: hashToken(token) };
}

/** The stored hash for a cookie value, or undefined when the signature does not match. */
export function verifySignedToken(cookieValue: string | undefined, secret: string): string | undefined {
  if (!cookieValue) return undefined;
  const [token, signature] = cookieValue.split('.');
  if (!token || !signature) return undefined;
  const expected = Buffer.from(sign(token, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return hashToken(token);
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

const sign = (token: string, secret: string) => createHmac('sha256', secret).update(token).digest('base64url');
