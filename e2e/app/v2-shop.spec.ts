// The shop on PortOne V2 (PORTONE_API=v2, the `v2` project's app), end to end: signup with V2's
// identity verification, a card registered in V2's billing-key window, a one-click purchase on that
// key and a window checkout — each start route answering `api: 'v2'`, the emulator's real V2
// script and windows in Chromium, and every outcome read back on the emulator's V2 listener.
import { devices, expect, type Page, type Response, type TestInfo, test } from '@playwright/test';
import { agreeToKeepCardForWindow, fillWindowCard, listedCards, openCardsPage } from '../support/cards';
import { certificationLayer, certifyIn, completeAccountStep, newPerson, shot } from '../support/customers';
import { buyNowConfirmed, fillOrderSheet, payByCardInWindow } from '../support/orders';
import { v2Get as v2Record } from '../support/v2';

// Desktop at 1280×800 (the windows' screenshots are kept with the results); the phone's below.
test.use({ viewport: { width: 1280, height: 800 } });

/** The JSON a start route answered, once it has. */
const answerOf = async <T>(response: Promise<Response>): Promise<T> => (await (await response).json()) as T;
const answered = (page: Page, path: string) =>
  page.waitForResponse((r) => new URL(r.url()).pathname === path && r.request().method() === 'POST');

const billingKeyWindow = (page: Page) => page.frameLocator('iframe[title="빌링키 발급 창"]');
const paymentWindow = (page: Page) => page.frameLocator('iframe[title="결제창"]');

/** Signup on V2: the identity window as a layer, VERIFIED on the V2 API. */
async function signUpOnV2(page: Page, testInfo: TestInfo) {
  const person = newPerson();
  await page.goto('/signup?window=layer');
  const check = answered(page, '/api/identity/checks');
  await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
  const started = await answerOf<{ api: string; identityVerificationId: string; scriptUrl: string }>(check);
  expect(started).toMatchObject({ api: 'v2', scriptUrl: expect.stringMatching(/\/v2\/browser-sdk\.js$/) });
  await expect(certificationLayer(page).getByLabel('이름')).toBeVisible();
  await shot(page, testInfo, 'v2-identity-window');
  await certifyIn(certificationLayer(page), person);
  await completeAccountStep(page, person);
  const verification = await v2Record(`/identity-verifications/${started.identityVerificationId}`);
  expect(verification).toMatchObject({ status: 'VERIFIED', verifiedCustomer: { name: person.name } });
  return person;
}

test('@v2 sign up → card in the billing-key window → one-click purchase → window checkout, all on V2', async ({
  page,
}, testInfo) => {
  await signUpOnV2(page, testInfo);

  // The card: V2's billing-key window, the key issued under the customer id our server minted.
  const before = await openCardsPage(page);
  await agreeToKeepCardForWindow(page);
  const registration = answered(page, '/api/cards/window');
  const verified = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/cards/window/verify');
  await page.getByRole('button', { name: '결제창으로 카드 등록' }).click();
  const { registration: started } = await answerOf<{ registration: { api: string; customerUid: string } }>(
    registration,
  );
  expect(started.api).toBe('v2');
  await fillWindowCard(billingKeyWindow(page));
  await shot(page, testInfo, 'v2-card-window');
  await billingKeyWindow(page).getByRole('button', { name: '카드 등록하기' }).click();
  const { billingKey } = (await verified).postDataJSON() as { billingKey: string };
  await expect(listedCards(page)).toHaveCount(before + 1);
  await expect(listedCards(page).first()).toContainText('4242');
  const key = await v2Record<{ customer: { id: string } }>(`/billing-keys/${encodeURIComponent(billingKey)}`);
  expect(key.customer.id).toBe(started.customerUid);

  // One click: the server charges the V2 key; the payment is PAID on V2 under the order's number.
  await page.goto('/products/drip-bag-20?window=layer');
  await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
  await fillOrderSheet(page);
  await buyNowConfirmed(page);
  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  const { orders } = (await (await page.request.get('/api/orders')).json()) as {
    orders: { merchantUid: string; amount: number }[];
  };
  const oneClick = orders[0]?.merchantUid ?? '';
  expect(await v2Record(`/payments/${oneClick}`)).toMatchObject({
    status: 'PAID',
    billingKey,
    amount: { total: 18_900 },
  });

  // The window checkout: V2's payment window for the order our server created (paymentId = merchantUid).
  await page.goto('/products/ceramic-mug?window=layer');
  await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
  await fillOrderSheet(page);
  const checkout = answered(page, '/api/checkout');
  await payByCardInWindow(page);
  const { checkout: opened } = await answerOf<{ checkout: { api: string; paymentId: string } }>(checkout);
  expect(opened.api).toBe('v2');
  await fillWindowCard(paymentWindow(page));
  await shot(page, testInfo, 'v2-checkout-window');
  await paymentWindow(page).getByRole('button', { name: '결제하기' }).click();
  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  expect(await v2Record(`/payments/${opened.paymentId}`)).toMatchObject({ status: 'PAID' });
});

test('@v2 the page allows the V2 script from the emulator and nothing of PortOne’s CDN', async ({ page }) => {
  const response = await page.goto('/signup');
  const csp = (await response?.allHeaders())?.['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' http:\/\/127\.0\.0\.1:\d+;/);
  expect(csp).not.toContain('portone.io');
});

// On a phone each window takes the whole page, and comes back to the shop's return path with
// V2's answer in the query: signup, the card list and the order's completion page go on from there.
test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use({ ...pixel, viewport: { width: 390, height: 844 } });

  test('@v2 identity, card and checkout windows as full pages, each returning to the shop', async ({
    page,
  }, testInfo) => {
    const person = newPerson();
    await page.goto('/signup');
    await page.getByRole('button', { name: '휴대폰 본인인증 하기' }).click();
    await expect(page).toHaveURL(/\/v2\/windows\//);
    await shot(page, testInfo, 'v2-identity-window-phone');
    await certifyIn(page, person);
    await completeAccountStep(page, person);

    const before = await openCardsPage(page, '/account/cards');
    await agreeToKeepCardForWindow(page);
    await page.getByRole('button', { name: '결제창으로 카드 등록' }).click();
    await expect(page).toHaveURL(/\/v2\/windows\//);
    await fillWindowCard(page);
    await shot(page, testInfo, 'v2-card-window-phone');
    await page.getByRole('button', { name: '카드 등록하기' }).click();
    await expect(page).toHaveURL(/\/account\/cards/);
    await expect(listedCards(page)).toHaveCount(before + 1);

    await page.goto('/products/ceramic-mug');
    await fillOrderSheet(page);
    await payByCardInWindow(page);
    await expect(page).toHaveURL(/\/v2\/windows\//);
    await fillWindowCard(page);
    await shot(page, testInfo, 'v2-checkout-window-phone');
    await page.getByRole('button', { name: '결제하기' }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?order=ord_/);
    await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  });
});
