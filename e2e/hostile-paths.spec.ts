import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

// Broken percent-encoding in a path (issue 32, item 14): `%ZZ`, a UTF-8 sequence cut short, an encoded
// lone surrogate. Next's own decoding of such a path failed as a bare `500 text/plain` with none of the
// security headers; proxy.ts answers it first. Every route of app/api and every page, each dynamic
// segment (or, for a static route, its last segment) replaced by each broken value, with each method
// the route exports: a 4xx with the security headers and a request id — the API's in the one error
// shape, a page's as the shop's not-found page. The broken values in a query string are decoded
// leniently (U+FFFD) and reach the route as ordinary text: no 5xx either.
const BROKEN = ['%ZZ', '%E0%A4%A', '%ED%A0%80', '%'];

function files(dir: string, name: RegExp): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((file) => name.test(file));
}

/** `orders/[orderNumber]/cancel` → `orders/%ZZ/cancel`; a static route's last segment broken instead. */
function broken(route: string, value: string): string {
  const segments = route.split('/').filter((segment) => segment && !/^\(.*\)$/.test(segment));
  const dynamic = segments.some((segment) => segment.startsWith('['));
  if (!dynamic) return [...segments.slice(0, -1), value].join('/');
  return segments.map((segment) => (segment.startsWith('[') ? value : segment)).join('/');
}

const apiRoutes = files('app/api', /route\.ts$/).map((file) => {
  const route = file.replace(/\/?route\.ts$/, '');
  const source = readFileSync(`app/api/${file}`, 'utf8');
  const methods = [...source.matchAll(/export (?:const|async function) (GET|POST|PUT|DELETE)\b/g)].map((m) => m[1]);
  return { route, methods: methods as string[] };
});
const pages = files('app', /page\.tsx$/)
  .map((file) => file.replace(/\/?page\.tsx$/, ''))
  .filter((route) => route !== '');

function expectSafeHeaders(headers: Record<string, string>) {
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-request-id']).toMatch(/^[\w-]{36}$/);
}

test('every API route: a broken encoding in its path is a 400 in the error shape, with the headers', async ({
  request,
}) => {
  expect(apiRoutes.length).toBeGreaterThan(40);
  const failures: string[] = [];
  for (const { route, methods } of apiRoutes) {
    for (const method of methods) {
      for (const value of BROKEN) {
        const path = `/api/${broken(route, value)}`;
        const response = await request.fetch(path, { method, data: method === 'GET' ? undefined : {} });
        const headers = response.headers();
        const body = (await response.json().catch(() => null)) as { error?: { code: string; requestId: string } };
        if (response.status() !== 400 || body?.error?.requestId !== headers['x-request-id']) {
          failures.push(`${method} ${path} → ${response.status()} ${headers['content-type']}`);
          continue;
        }
        expectSafeHeaders(headers);
      }
    }
  }
  expect(failures).toEqual([]);
});

test("every page: a broken encoding in its path is the shop's not-found page, with the headers", async ({
  request,
}) => {
  expect(pages.length).toBeGreaterThan(15);
  const failures: string[] = [];
  for (const route of pages) {
    for (const value of BROKEN) {
      const path = `/${broken(route, value)}`;
      const response = await request.get(path);
      const text = await response.text();
      if (response.status() !== 404 || !text.includes('페이지를 찾을 수 없습니다')) {
        failures.push(`${path} → ${response.status()} ${response.headers()['content-type']}`);
        continue;
      }
      expectSafeHeaders(response.headers());
    }
  }
  expect(failures).toEqual([]);
});

test('broken encodings in a query string reach no 5xx', async ({ request }) => {
  for (const path of ['/api/orders/attempts', '/products/drip-bag-20', '/ops/payments', '/api/health']) {
    for (const value of BROKEN) {
      const response = await request.get(`${path}?key=${value}&page=${value}`);
      expect(response.status(), `${path}?…${value}`).toBeLessThan(500);
      expectSafeHeaders(response.headers());
    }
  }
});
