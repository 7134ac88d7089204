import { describe, expect, it } from 'vitest';
import { requestIdFor } from './request-id';
import { contentSecurityPolicy, makeNonce, securityHeaders } from './security-headers';

const config = {
  scriptUrl: 'https://cdn.iamport.kr/v1/iamport.js',
  apiUrl: 'https://api.iamport.kr',
  appUrl: 'https://shop.example',
  development: false,
};

describe('security headers', () => {
  it('allows scripts from this site with the nonce and from the service script origin only', () => {
    const csp = contentSecurityPolicy(config, 'abc');
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://cdn.iamport.kr;");
    expect(csp).toContain('frame-src https://api.iamport.kr;');
    expect(csp).toContain("connect-src 'self' https://cdn.iamport.kr https://api.iamport.kr;");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
  });

  it("without a nonce (the API's JSON, which runs no script): the same policy, scripts from this site and the service only", () => {
    const csp = contentSecurityPolicy(config);
    expect(csp).toContain("script-src 'self' https://cdn.iamport.kr;");
    expect(csp).not.toContain('nonce');
    expect(csp.replace("script-src 'self' https", "script-src 'self' 'nonce-abc' https")).toBe(
      contentSecurityPolicy(config, 'abc'),
    );
    expect(securityHeaders(config)['X-Frame-Options']).toBe('DENY');
  });

  it("adds 'unsafe-eval' only in development (React's dev tools), and HSTS only over https", () => {
    expect(contentSecurityPolicy({ ...config, development: true }, 'n')).toContain(
      "script-src 'self' 'nonce-n' https://cdn.iamport.kr 'unsafe-eval';",
    );
    expect(securityHeaders(config, 'n')['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
    expect(
      securityHeaders({ ...config, appUrl: 'http://localhost:3000' }, 'n')['Strict-Transport-Security'],
    ).toBeUndefined();
  });

  it("on V2 with the emulator's script (beside V1's), the policy stays as it is", () => {
    const emulator = {
      ...config,
      scriptUrl: 'http://127.0.0.1:4010/v1/iamport.js',
      apiUrl: 'http://127.0.0.1:4010',
    };
    expect(contentSecurityPolicy({ ...emulator, v2ScriptUrl: 'http://127.0.0.1:4010/v2/browser-sdk.js' }, 'n')).toBe(
      contentSecurityPolicy(emulator, 'n'),
    );
  });

  it("on V2 with PortOne's script: its CDN, its checkout service and its windows are allowed, one by one", () => {
    const v2 = { ...config, v2ScriptUrl: 'https://cdn.portone.io/v2/browser-sdk.js' };
    const csp = contentSecurityPolicy(v2, 'abc');
    expect(csp).toContain("script-src 'self' 'nonce-abc' https://cdn.iamport.kr https://cdn.portone.io;");
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ') ?? [];
    expect(directive('connect-src')).toEqual(
      expect.arrayContaining([
        'https://cdn.portone.io',
        'https://checkout-service.prod.iamport.co',
        'https://tx-gateway-service.prod.iamport.co',
      ]),
    );
    for (const name of ['frame-src', 'child-src', 'form-action']) {
      expect(directive(name)).toEqual(
        expect.arrayContaining(['https://api.iamport.kr', 'https://checkout-service.prod.iamport.co']),
      );
    }
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
    expect(securityHeaders(v2)['Permissions-Policy']).toContain(
      'payment=(self "https://api.iamport.kr" "https://checkout-service.prod.iamport.co" "https://service.iamport.kr")',
    );
    // A V1 shop allows none of it.
    expect(contentSecurityPolicy(config, 'abc')).not.toContain('portone');
  });

  it('makes a fresh 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, makeNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe('request ids', () => {
  const given = (value: string) => new Headers({ 'x-request-id': value });

  it("takes the proxy's id only behind a trusted proxy, and only when it looks like an id", () => {
    expect(requestIdFor(given('req-42.abc:1'), true)).toBe('req-42.abc:1');
    expect(requestIdFor(given('req-42'), false)).toMatch(/^[\w-]{36}$/);
    for (const bad of ['', 'a b', 'x"level":60}', 'x'.repeat(129), '<script>']) {
      expect(requestIdFor(given(bad), true)).toMatch(/^[\w-]{36}$/);
    }
  });
});
