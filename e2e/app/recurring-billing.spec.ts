// Recurring billing a Korean shop may lawfully run (issue 15), in Chromium against the emulator:
// consent before subscribing, cancel now with a pro-rata refund, a price change only with consent.
// Tagged @clock: these move their merchant's clock, on their worker slot's app (support/clock-app.ts).
import type { Page } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { currentApp, clockEmulator as emulator, expect, test } from '../support/clock-app';
import { shot, signUp } from '../support/customers';
import { AGREE, cancelNowHalfway, E2E_SHIPPING, openTerms, subscribeTo, wonIn } from '../support/subscriptions';

// Whole flows with time travel: several minutes at the load this machine reaches.
test.describe.configure({ timeout: 300_000 });

const subscriptionOf = (page: Page, plan: string) => page.getByRole('article', { name: new RegExp(plan) });

test('subscribing is refused until the box is checked, in the page and at the server @clock', async ({
  page,
}, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page);
  const item = await openTerms(page, '월간 원두 정기배송');
  // Everything the rules ask to be shown, next to a box that starts unchecked. The amount is the
  // plan's price now (19,900원 unless a price-change spec ran on this clock app before): what is charged.
  await expect(item).toContainText(/결제 금액: [\d,]+원/);
  const shown = wonIn(await item.textContent(), '결제 주기');
  await expect(item).toContainText('결제 주기: 1개월마다 자동 결제');
  await expect(item).toContainText('첫 결제: 동의 즉시');
  await expect(item).toContainText('다음 결제일:');
  await expect(item).toContainText(/결제 카드: .*4242-42\*\*-\*\*\*\*-4242/);
  await expect(item.getByRole('link', { name: '해지 방법 자세히 보기' })).toBeVisible();
  await expect(item.getByRole('checkbox', { name: AGREE })).not.toBeChecked();
  await expect(item.getByRole('button', { name: '동의하고 구독하기' })).toBeDisabled();
  await shot(page, testInfo, '1-terms-unchecked');

  // Whatever the browser sends, the server refuses a subscription without consent.
  const refused = await page.request.post('/api/subscriptions', {
    data: { planId: 'monthly-beans', idempotencyKey: 'e2e-no-consent-0000000001', shipping: E2E_SHIPPING },
    headers: { origin: currentApp().url },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.code).toBe('consent_required');

  await item.getByRole('checkbox', { name: AGREE }).check();
  await expect(item.getByRole('button', { name: '동의하고 구독하기' })).toBeEnabled();
  await item.getByRole('button', { name: '동의하고 구독하기' }).click();
  await expect(item.getByRole('status')).toContainText('구독이 시작되었습니다');
  // The consent is on the account page.
  await page.goto('/account');
  const log = page.getByRole('region', { name: '동의 기록' });
  await expect(log).toContainText('정기결제(자동결제) 동의');
  await expect(log).toContainText('카드 등록(빌링키 보관) 동의');
  await shot(page, testInfo, '2-consent-log');
  const charged = (await emulator.payments()).filter((p) => p.buyer_email === person.email && p.amount > 0);
  expect(charged.map((p) => p.amount)).toEqual([shown]);
});

test('subscribe, half a period later cancel now: the refund is shown, made, and the subscription ends @clock', async ({
  page,
}, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page);
  await subscribeTo(page, '데모 플랜');
  await emulator.advanceClock(1_800);
  await page.reload();
  const card = subscriptionOf(page, '데모 플랜');
  const { refunded } = await cancelNowHalfway(card, () => shot(page, testInfo, '1-refund-quoted'));
  await expect(card.getByRole('table', { name: '결제 이력' })).toContainText(`환불 ${refunded}원`);
  await shot(page, testInfo, '2-ended-and-refunded');
  const [payment] = (await emulator.payments()).filter((p) => p.buyer_email === person.email && p.amount > 0);
  expect(payment).toMatchObject({ status: 'paid', amount: 1_000, cancel_amount: refunded });
});

// The price change is the last test of subscriptions.spec.ts: it changes the shared app's plan price.
