// Bundle budget: the JavaScript each page loads beyond the framework stays within 20 kB gzip.
// The framework is React and the Next.js runtime (the build's rootMainFiles and polyfills) plus
// what the 404 page loads — a page of server components and next/link only, whose chunk also
// carries the header's 0.3 kB sign-out button (the chunking puts them together). Measured from
// what the browser fetched for each page, so chunks loaded after hydration count too. No page loads
// jQuery: the service's /v1/iamport.js needs none (only the old 1.1.8 snippet did).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { signUp } from './support/customers';

const BUDGET_BYTES = 20 * 1024;

const manifest = JSON.parse(readFileSync('.next/build-manifest.json', 'utf8')) as {
  rootMainFiles: string[];
  polyfillFiles: string[];
};
const framework = new Set([...manifest.rootMainFiles, ...manifest.polyfillFiles].map((file) => `/_next/${file}`));

async function loadedScripts(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.pathname.startsWith('/_next/static/') && url.pathname.endsWith('.js'))
      .map((url) => url.pathname),
  );
  return [...new Set(urls)];
}

/** The page's own scripts (not the framework's), gzip-compressed size in bytes. */
async function appScriptBytes(page: Page): Promise<{ bytes: number; files: string[] }> {
  const files: string[] = [];
  let bytes = 0;
  for (const path of (await loadedScripts(page)).filter((loaded) => !framework.has(loaded))) {
    const body = await (await page.request.get(path)).body();
    bytes += gzipSync(body).byteLength;
    files.push(path);
  }
  return { bytes, files };
}

test('every page loads at most 20 kB gzip of app JavaScript over the framework', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/no-such-page');
  for (const path of await loadedScripts(page)) framework.add(path);
  const measured: Record<string, number> = {};
  const measure = async (path: string) => {
    await page.goto(path);
    const { bytes, files } = await appScriptBytes(page);
    measured[path] = bytes;
    expect(bytes, `${path}: ${files.join(', ')}`).toBeLessThanOrEqual(BUDGET_BYTES);
  };
  for (const path of ['/', '/products', '/products/drip-bag-20', '/signin', '/signup']) {
    await measure(path);
  }
  await signUp(page);
  for (const path of ['/account', '/account/cards', '/account/orders', '/account/subscriptions', '/cvs']) {
    await measure(path);
  }
  await measure('/products/drip-bag-20');
  // Pointing at the window's button loads the service's script: v1, and no jQuery with it.
  await page.getByRole('button', { name: '결제하기', exact: true }).hover();
  await expect.poll(() => page.evaluate(() => typeof window.IMP)).toBe('object');
  const scripts = await page.evaluate(() => [...document.scripts].map((script) => script.src));
  expect(scripts.filter((src) => src.includes('iamport'))).toEqual([expect.stringMatching(/\/v1\/iamport\.js$/)]);
  expect(await page.evaluate(() => 'jQuery' in window || '$' in window)).toBe(false);
  await testInfo.attach('app-js-gzip-bytes.json', { body: JSON.stringify({ measured }, null, 2) });
  console.log('app JS over the framework (gzip bytes):', measured);
});
