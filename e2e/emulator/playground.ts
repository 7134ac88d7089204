// Driving the emulator's playground page (a merchant page in miniature) from Playwright, and
// checking outcomes through the emulator's control and REST APIs rather than the page's text.
import { randomUUID } from 'node:crypto';
import { expect, type FrameLocator, type Page, type TestInfo } from '@playwright/test';
import { EmulatorClient } from '../../emulator/client/control-client';
import { emulatorUrl } from '../../playwright.config';

/** The e2e emulator (started by playwright.config.ts), shared with the app's specs: never reset it. */
export const emulator = new EmulatorClient(emulatorUrl);

export const uid = (prefix: string) => `${prefix}-${randomUUID().slice(0, 13)}`;

/** A card expiry (MM/YY) far in the future of any virtual clock these tests see. */
export const FAR_EXPIRY = '12/99';

/**
 * Opens the playground on `localhost` while it loads the client script from `127.0.0.1`: the
 * merchant page and the emulator's windows are different origins, as on a real merchant site.
 * It loads /v1/iamport.js; `oldSnippet` loads jQuery and the 1.1.8 script (`jquery: false`: without jQuery).
 */
export async function openPlayground(
  page: Page,
  options: { oldSnippet?: boolean; jquery?: boolean; base?: string } = {},
) {
  const url = new URL('/__emulator/playground', (options.base ?? emulatorUrl).replace('127.0.0.1', 'localhost'));
  url.searchParams.set('cross_origin', '1');
  if (options.oldSnippet) url.searchParams.set('script', '1.1.8');
  if (options.jquery === false) url.searchParams.set('jquery', '0');
  await page.goto(url.toString());
  return url;
}

type Kind = 'certification' | 'payment';
const FIELDS: Record<Kind, [string, string]> = {
  certification: ['IMP.certification param (JSON)', 'IMP.certification 실행'],
  payment: ['IMP.request_pay param (JSON)', 'IMP.request_pay 실행'],
};

/** Fills the params and presses the button that calls IMP.certification / IMP.request_pay. */
export async function run(page: Page, kind: Kind, params: Record<string, unknown>, merchantCode = 'imp00000000') {
  const [field, button] = FIELDS[kind];
  await page.getByLabel('가맹점 식별코드').fill(merchantCode);
  await page.getByLabel(field).fill(JSON.stringify(params));
  await page.getByRole('button', { name: button }).click();
}

export type Rsp = Record<string, unknown> & { success: boolean; error_code: string | null; error_msg: string | null };

/** The rsp the callback received, once it has. */
export async function callbackRsp(page: Page): Promise<Rsp> {
  const view = page.locator('#rsp[data-state="done"]');
  await expect(view).toBeVisible();
  return JSON.parse((await view.textContent()) ?? 'null') as Rsp;
}

/** The layer (iframe over the page) a call opened. */
export const layer = (page: Page, kind: Kind): FrameLocator =>
  page.frameLocator(`iframe[title="${kind === 'payment' ? '결제창' : '본인인증 창'}"]`);

/** Fills the card form of a payment window (a layer's frame, a popup or the page itself). */
export async function payWithCard(window: FrameLocator | Page, card: string, button = '결제하기') {
  await window.getByLabel('카드번호').fill(card);
  await window.getByLabel('유효기간').fill(FAR_EXPIRY);
  await window.getByLabel('생년월일').fill('900101');
  await window.getByLabel('카드 비밀번호 앞 2자리').fill('12');
  await window.getByRole('button', { name: button }).click();
}

/**
 * A screenshot kept with the test's results: the viewport, which the layer covers. (A full-page
 * one resizes the viewport, after which clicks into the cross-origin layer were seen to misfire.)
 */
export const shot = (page: Page, testInfo: TestInfo, name: string) =>
  page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
