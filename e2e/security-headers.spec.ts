import { expect, test } from '@playwright/test';
import { emulatorUrl } from '../playwright.config';

// Every response carries the security headers and a request id: pages and 404s from proxy.ts, with
// the request's nonce in the CSP (scripts from this site with it, and from the service's script
// origin only); API routes from the route wrapper (they skip the proxy), the same CSP without a
// nonce, since JSON runs no script.
const serviceOrigin = new URL(emulatorUrl).origin;

for (const [what, path, status, api] of [
  ['a page', '/', 200, false],
  ['an API route', '/api/health', 200, true],
  ['an API error', '/api/cards', 401, true],
  ['an API path no route serves', '/api/no-such-route', 404, true],
  ['a 404', '/no-such-page', 404, false],
] as const) {
  test(`${what} carries the security headers and a request id`, async ({ request }) => {
    const response = await request.get(path);
    expect(response.status()).toBe(status);
    const headers = response.headers();
    const csp = headers['content-security-policy'] ?? '';
    const nonce = api ? '' : " 'nonce-[A-Za-z0-9+/]{22}=='";
    expect(csp).toMatch(new RegExp(`script-src 'self'${nonce} ${serviceOrigin}(;|$)`));
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain(`frame-src ${serviceOrigin}`);
    expect(csp).not.toContain('unsafe-eval');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['permissions-policy']).toContain('camera=()');
    // The e2e app is served over http: no HSTS, which would pin a plain-http host to https.
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    if (api && status >= 400) {
      const body = (await response.json()) as { error: { requestId: string } };
      expect(body.error.requestId).toBe(headers['x-request-id']);
    }
  });
}

test('every response has its own nonce, and the page renders with it', async ({ page, request }) => {
  const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];
  const [first, second] = await Promise.all([request.get('/'), request.get('/')]);
  expect(nonceOf(first.headers()['content-security-policy'] ?? '')).not.toBe(
    nonceOf(second.headers()['content-security-policy'] ?? ''),
  );
  const response = await page.goto('/');
  const nonce = nonceOf((await response?.allHeaders())?.['content-security-policy'] ?? '');
  // Next's own inline scripts carry this response's nonce (the browser hides it from getAttribute).
  const nonces = await page
    .locator('script')
    .evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).nonce));
  expect(nonces.filter(Boolean).length).toBeGreaterThan(0);
  expect(new Set(nonces.filter(Boolean))).toEqual(new Set([nonce]));
});

test('an error body names the request id the response header carries', async ({ request }) => {
  const response = await request.get('/api/cards');
  const body = (await response.json()) as { error: { code: string; requestId: string } };
  expect(body.error.code).toBe('unauthenticated');
  expect(body.error.requestId).toBe(response.headers()['x-request-id']);
});

test('Chromium refuses an inline script without the nonce and a script from another origin', async ({ page }) => {
  await page.goto('/');
  // Next's scripts ran: the page is interactive (a client component's link navigates).
  const violations = await page.evaluate(async () => {
    const seen: string[] = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
    const w = window as unknown as { injected?: boolean };
    const inline = document.createElement('script');
    inline.textContent = 'window.injected = true;';
    document.body.append(inline);
    const foreign = document.createElement('script');
    foreign.src = 'http://127.0.0.1:9/evil.js';
    document.body.append(foreign);
    await new Promise<void>((resolve) => {
      const check = () => (seen.length >= 2 ? resolve() : setTimeout(check, 20));
      check();
    });
    return { seen, ran: w.injected === true };
  });
  expect(violations.ran).toBe(false);
  expect(violations.seen).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^script-src-elem inline$/),
      expect.stringMatching(/^script-src-elem http:\/\/127\.0\.0\.1:9/),
    ]),
  );
});
