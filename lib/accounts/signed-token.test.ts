import { describe, expect, it } from 'vitest';
import { hashToken, mintSignedToken, verifySignedToken } from './signed-token';

const secret = 'a'.repeat(40);

describe('signed tokens', () => {
  it('round-trips to the stored hash', () => {
    const { cookieValue, tokenHash } = mintSignedToken(secret);
    expect(verifySignedToken(cookieValue, secret)).toBe(tokenHash);
    expect(tokenHash).toBe(hashToken(cookieValue.split('.')[0] ?? ''));
  });

  it('refuses a forged signature, another secret, or garbage', () => {
    const { cookieValue } = mintSignedToken(secret);
    const [token] = cookieValue.split('.');
    expect(verifySignedToken(`${token}.forged`, secret)).toBeUndefined();
    expect(verifySignedToken(cookieValue, 'b'.repeat(40))).toBeUndefined();
    expect(verifySignedToken('nodot', secret)).toBeUndefined();
    expect(verifySignedToken(undefined, secret)).toBeUndefined();
  });
});
