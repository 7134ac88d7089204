// The console's operator for e2e specs: made by `npm run operators -- add` before the app started
// (see playwright.config.ts), its one-time password read from what the command printed.
import { readFileSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, expect, type Locator, type Page } from '@playwright/test';
import { E2E_OPERATOR } from '../../playwright.config';
import { currentApp } from './clock-app';

export const OPERATOR_PASSWORD = 'ops-e2e-new-password-2026';

export function oneTimePassword(): string {
  const printed = readFileSync(`${currentApp().dataDir}/operator.txt`, 'utf8');
  const match = printed.match(/one-time password: (\S+)/);
  if (!match?.[1]) throw new Error(`no one-time password in: ${printed}`);
  return match[1];
}

/**
 * Signs the operator in whether or not its first sign-in happened already (specs of the clock
 * project may run alone): the new password through the API (the context keeps the cookie), else
 * the first sign-in through the pages.
 */
export async function signInOperatorAnyhow(page: Page) {
  const response = await page.request.post('/api/ops/session', {
    data: { email: E2E_OPERATOR, password: OPERATOR_PASSWORD },
    headers: { origin: currentApp().url },
  });
  if (!response.ok()) return signInOperator(page, { first: true });
  await page.goto('/ops');
  await expect(page.getByRole('navigation', { name: '운영 콘솔' })).toBeVisible();
}

/** Signs the operator in at /ops/signin; the first time, the one-time password is replaced on /ops/password. */
export async function signInOperator(page: Page, { first = false } = {}) {
  await page.goto('/ops/signin');
  await page.getByLabel('이메일').fill(E2E_OPERATOR);
  await page.getByLabel('비밀번호').fill(first ? oneTimePassword() : OPERATOR_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  if (first) {
    await expect(page).toHaveURL(/\/ops\/password$/);
    await page.getByLabel('현재 비밀번호').fill(oneTimePassword());
    await page.getByLabel('새 비밀번호', { exact: true }).fill(OPERATOR_PASSWORD);
    await page.getByLabel('새 비밀번호 확인').fill(OPERATOR_PASSWORD);
    await page.getByRole('button', { name: '비밀번호 바꾸기' }).click();
  }
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('navigation', { name: '운영 콘솔' })).toBeVisible();
}

/**
 * The console's 주문·배송 page on one order, in a new browser context signed in as the operator:
 * answers the page and the order's card.
 */
export async function orderInConsole(browser: Browser, orderNumber: string, context?: BrowserContextOptions) {
  const ops = await (await browser.newContext(context)).newPage();
  await signInOperatorAnyhow(ops);
  await ops.goto(`/ops/orders?number=${orderNumber}`);
  return { ops, card: ops.getByRole('listitem', { name: `주문 ${orderNumber}` }) };
}

/** From the order's card in the console: shipped with `tracking` (the default carrier), then delivered. */
export async function shipAndDeliver(card: Locator, tracking: string) {
  await card.getByLabel('운송장 번호').fill(tracking);
  await card.getByRole('button', { name: '발송 처리' }).click();
  await card.getByRole('button', { name: '배송 완료 처리' }).click();
  await expect(card).toContainText('배송 완료');
}
