import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from '@/lib/accounts/sessions';

// lib/env reads process.env once at import, so each case loads the modules afresh.
async function sessionCookieFor(nodeEnv: 'production' | 'development', url: string): Promise<string> {
  vi.stubEnv('NODE_ENV', nodeEnv);
  vi.resetModules();
  const { setCookieHeader } = await import('./cookies');
  return setCookieHeader(new Request(url), SESSION_COOKIE, 'value.signature', SESSION_TTL_SECONDS);
}

const attributes = (header: string) => header.split('; ').slice(1);
const always = ['Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${SESSION_TTL_SECONDS}`];

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe('the session cookie', () => {
  it('is Secure in production', async () => {
    for (const url of ['https://shop.example/api/session', 'http://shop.example/api/session']) {
      const header = await sessionCookieFor('production', url);
      expect(attributes(header)).toEqual([...always, 'Secure']);
    }
  });

  it('is not Secure in development, where the app is served over plain http', async () => {
    for (const url of ['http://localhost:3000/api/session', 'https://shop.example/api/session']) {
      const header = await sessionCookieFor('development', url);
      expect(attributes(header)).toEqual(always);
    }
  });

  it('is not Secure for `npm start` over plain http on this machine, or the browser would drop it', async () => {
    for (const url of ['http://127.0.0.1:3000/api/session', 'http://localhost:3000/api/session']) {
      expect(attributes(await sessionCookieFor('production', url))).not.toContain('Secure');
    }
    expect(attributes(await sessionCookieFor('production', 'https://localhost:3000/api/session'))).toContain('Secure');
  });
});

describe('reading a cookie', () => {
  it('a value that is not valid percent-encoding is no cookie (not a 500 on every route)', async () => {
    const { readCookie } = await import('./cookies');
    const request = (cookie: string) => new Request('http://localhost:3000/api/session', { headers: { cookie } });
    expect(readCookie(request(`other=1; ${SESSION_COOKIE}=%E0%A4%A`), SESSION_COOKIE)).toBeUndefined();
    expect(readCookie(request(`${SESSION_COOKIE}=a%2Eb`), SESSION_COOKIE)).toBe('a.b');
  });
});
