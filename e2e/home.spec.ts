import { expect, test } from '@playwright/test';
import { emulatorUrl } from '../playwright.config';

test('the home page renders the merchant and its flows', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('임프 상점');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('임프 상점에 오신 것을 환영합니다');
  const nav = page.getByRole('navigation', { name: '주요 기능' });
  await expect(nav.getByRole('link', { name: /회원가입/ })).toHaveAttribute('href', '/signup');
  await expect(nav.getByRole('link')).toHaveCount(6);
});

test('the app and the emulator it talks to are both up', async ({ request }) => {
  const app = await request.get('/api/health');
  expect(await app.json()).toEqual({ ok: true });
  const emulator = await request.get(`${emulatorUrl}/__emulator/api/health`);
  expect(emulator.ok()).toBe(true);
  expect((await emulator.json()).merchants).toContain('imp00000000');
});

test('every flow on the home page leads to a page; robots.txt keeps crawlers off accounts', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const links = page.getByRole('navigation', { name: '주요 기능' }).getByRole('link');
  const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href') ?? ''));
  expect(hrefs).toHaveLength(6);
  for (const href of hrefs) {
    // Pages for customers send visitors to sign in: a 200 after the redirect, never a 404.
    expect((await request.get(href)).status(), href).toBe(200);
  }
  expect(await (await request.get('/robots.txt')).text()).toContain('Disallow: /account');
});
