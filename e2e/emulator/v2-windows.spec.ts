// The real @portone/browser-sdk (0.1.11, `/v2`) against the e2e emulator: a merchant page on its
// own origin imports the SDK, points it at the emulator's /v2/browser-sdk.js and calls
// requestPayment, requestIssueBillingKey and requestIdentityVerification; the windows open as
// layers (a popup and a redirect once each), the tester fills them, and the outcomes are read back
// on the emulator's V2 listener.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { expect, type FrameLocator, type Page, test } from '@playwright/test';
import { emulatorUrl } from '../../playwright.config';
import { uid } from './playground';

/** The V2 listener: EMULATOR_V2_PORT is not set by the config, so the port after V1's. */
const v2Url = emulatorUrl.replace(/:(\d+)$/, (_, port: string) => `:${Number(port) + 1}`);
const STORE = 'store-00000000-0000-4000-8000-000000000000';
const CHANNELS = {
  card: 'channel-key-00000000-0000-4000-8000-0000000000c1',
  danal: 'channel-key-00000000-0000-4000-8000-0000000000d1',
};
// The package's ES module (self-contained); its `require` entry is the CommonJS twin beside it.
const SDK = readFileSync(
  createRequire(import.meta.url)
    .resolve('@portone/browser-sdk/v2')
    .replace(/\.cjs$/, '.js'),
);

const PAGE = `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>상점</title></head>
<body><h1>V2 상점</h1><script type="module">
import * as PortOne from '/portone-browser-sdk.js';
// 0.1.11 exports its setPortOneJsSdkUrl under this name.
PortOne.__INTERNAL__setPortOneSdkUrl(${JSON.stringify(`${emulatorUrl}/v2/browser-sdk.js`)});
window.shop = PortOne;
</script></body></html>`;

declare global {
  interface Window {
    shop: Record<string, (request: unknown) => Promise<Record<string, string>>>;
  }
}

/**
 * The merchant site: a server of the test's own on loopback, opened as `localhost` while the SDK
 * loads the script from 127.0.0.1, so page and windows are different origins as on a real site.
 * (A page Playwright fulfils itself has no address; Chromium then refuses it loopback scripts.)
 */
let shop: Server;
let shopUrl = '';
test.beforeAll(async () => {
  shop = createServer((req, res) => {
    const script = req.url === '/portone-browser-sdk.js';
    res.writeHead(200, { 'content-type': script ? 'text/javascript' : 'text/html; charset=utf-8' });
    res.end(script ? SDK : PAGE);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://localhost:${(shop.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => shop.close(() => resolve())));

async function openShop(page: Page) {
  await page.goto(`${shopUrl}/checkout`);
  await page.waitForFunction(() => 'shop' in window);
}

/** Starts an SDK call on the page; its promise settles once the window hands its result back. */
const call = (page: Page, name: string, request: Record<string, unknown>) =>
  page.evaluate(([fn, req]) => window.shop[fn as string]?.(req), [name, request] as const);

async function v2<T = Record<string, unknown>>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${v2Url}${path}`, {
    ...init,
    headers: { authorization: 'PortOne test_v2_api_secret', 'content-type': 'application/json' },
  });
  expect(res.status, `${path}: ${res.status}`).toBe(200);
  return (await res.json()) as T;
}

const cardPayment = (paymentId: string, extra: Record<string, unknown> = {}) => ({
  storeId: STORE,
  channelKey: CHANNELS.card,
  paymentId,
  orderName: '월간 구독',
  totalAmount: 9900,
  currency: 'KRW',
  payMethod: 'CARD',
  ...extra,
});

async function fillCard(window: FrameLocator | Page, number = '4242-4242-4242-4242') {
  await window.getByLabel('카드번호').fill(number);
  await window.getByLabel('유효기간 (MM/YY)').fill('12/99');
  await window.getByLabel('생년월일 6자리 (YYMMDD)').fill('900101');
  await window.getByLabel('카드 비밀번호 앞 2자리').fill('12');
}

test('requestPayment with a test card in the layer: paid, the SDK answers paymentId and txId', async ({ page }) => {
  await openShop(page);
  const paymentId = uid('v2-pay');
  const result = call(
    page,
    'requestPayment',
    cardPayment(paymentId, { currency: 'CURRENCY_KRW', customer: { fullName: '홍길동' } }),
  );
  const window = page.frameLocator('iframe[title="결제창"]');
  await expect(window.getByText('9,900원')).toBeVisible();
  await fillCard(window);
  await window.getByRole('button', { name: '결제하기' }).click();
  const response = await result;
  expect(response).toMatchObject({ transactionType: 'PAYMENT', paymentId });
  expect(response?.code).toBeUndefined();
  await expect(page.locator('iframe[title="결제창"]')).toHaveCount(0);
  const payment = await v2<{ status: string; transactionId: string; amount: { total: number } }>(
    `/payments/${paymentId}`,
  );
  expect(payment).toMatchObject({ status: 'PAID', transactionId: response?.txId, amount: { total: 9900 } });
});

test('requestPayment without channelKey: a failure result, no window', async ({ page }) => {
  await openShop(page);
  const response = await call(page, 'requestPayment', cardPayment(uid('v2-bad'), { channelKey: undefined }));
  expect(response).toMatchObject({ code: 'PORTONE_ERROR', message: 'channelKey: 필수 항목입니다.' });
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('requestIssueBillingKey: a key the V2 API then charges', async ({ page }) => {
  await openShop(page);
  const result = call(page, 'requestIssueBillingKey', {
    storeId: STORE,
    channelKey: CHANNELS.card,
    billingKeyMethod: 'CARD',
    issueName: '정기결제 등록',
  });
  const window = page.frameLocator('iframe[title="빌링키 발급 창"]');
  await fillCard(window);
  await window.getByRole('button', { name: '카드 등록하기' }).click();
  const response = await result;
  expect(response).toMatchObject({ transactionType: 'ISSUE_BILLING_KEY' });
  const billingKey = response?.billingKey ?? '';
  expect(billingKey).not.toBe('');
  const paymentId = uid('v2-key-pay');
  await v2(`/payments/${paymentId}/billing-key`, {
    method: 'POST',
    body: JSON.stringify({ billingKey, orderName: '정기 구독 1개월', amount: { total: 9900 }, currency: 'KRW' }),
  });
  expect(await v2(`/payments/${paymentId}`)).toMatchObject({ status: 'PAID', billingKey });
});

test('requestIdentityVerification: the person verified, VERIFIED on the V2 API', async ({ page }) => {
  await openShop(page);
  const identityVerificationId = uid('v2-iv');
  const result = call(page, 'requestIdentityVerification', {
    storeId: STORE,
    channelKey: CHANNELS.danal,
    identityVerificationId,
    customer: { fullName: '홍길동', phoneNumber: '010-2345-6789' },
  });
  const window = page.frameLocator('iframe[title="본인인증 창"]');
  await expect(window.getByLabel('이름')).toHaveValue('홍길동');
  await window.getByLabel('생년월일').fill('1990-03-15');
  await window.getByLabel('남성').check();
  await window.getByLabel('통신사').selectOption('SKT');
  await window.getByRole('button', { name: '인증하기' }).click();
  const response = await result;
  expect(response).toMatchObject({ transactionType: 'IDENTITY_VERIFICATION', identityVerificationId });
  expect(response?.code).toBeUndefined();
  const verification = await v2(`/identity-verifications/${identityVerificationId}`);
  expect(verification).toMatchObject({
    status: 'VERIFIED',
    verifiedCustomer: { name: '홍길동', phoneNumber: '01023456789', birthDate: '1990-03-15', operator: 'SKT' },
  });
});

test('windowType POPUP: the window in a popup, closed once it answered', async ({ page }) => {
  await openShop(page);
  const paymentId = uid('v2-popup');
  const opened = page.waitForEvent('popup');
  const result = call(page, 'requestPayment', cardPayment(paymentId, { windowType: { pc: 'POPUP' } }));
  const popup = await opened;
  await fillCard(popup);
  await popup.getByRole('button', { name: '결제하기' }).click();
  expect(await result).toMatchObject({ transactionType: 'PAYMENT', paymentId });
  await expect.poll(() => popup.isClosed()).toBe(true);
  expect(await v2(`/payments/${paymentId}`)).toMatchObject({ status: 'PAID' });
});

test('forceRedirect: the whole page goes to the window, then to redirectUrl with the answer in its query', async ({
  page,
}) => {
  await openShop(page);
  const paymentId = uid('v2-redirect');
  const redirectUrl = `${shopUrl}/done?order=7`;
  // The page navigates away: this call never settles, as with the real SDK.
  void call(page, 'requestPayment', cardPayment(paymentId, { redirectUrl, forceRedirect: true })).catch(() => null);
  await page.waitForURL(/\/v2\/windows\//);
  await fillCard(page);
  await page.getByRole('button', { name: '결제하기' }).click();
  await page.waitForURL((url) => url.pathname === '/done');
  const query = Object.fromEntries(new URL(page.url()).searchParams);
  expect(query).toMatchObject({ order: '7', paymentId, transactionType: 'PAYMENT' });
  expect(query.code).toBeUndefined();
  expect(await v2(`/payments/${paymentId}`)).toMatchObject({ status: 'PAID', transactionId: query.txId });
});
