// Wallets kept as payment means (issue 36, part 3), in Chromium against the emulator: 카카오페이
// registered in its own window (pg kakaopay, amount 0: "카카오페이 등록", "등록 승인"), listed by
// its mark and name, a subscription on it whose renewals run on the wallet's billing key as the
// emulator's clock moves; on a phone the window takes the page and returns; a declining account.
// Tagged @clock where the clock moves (support/clock-app.ts).
import { devices, type Page, type TestInfo } from '@playwright/test';
import { listedCards, openCardsPage, paymentLayer } from '../support/cards';
import { clockEmulator as emulator, expect, test } from '../support/clock-app';
import { signUp } from '../support/customers';
import { AGREE, openTerms } from '../support/subscriptions';

test.describe.configure({ timeout: 240_000 });

const WALLET_CONSENT = '결제수단 등록(빌링키 보관)에 동의합니다';
const SHOTS = '/work/shots/wallet-keys';
/** A screenshot kept with the results and for review (desktop or phone by the viewport). */
async function keep(page: Page, testInfo: TestInfo, name: string) {
  const device = (page.viewportSize()?.width ?? 1280) < 600 ? 'phone' : 'desktop';
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await page.screenshot({ path: `${SHOTS}/${name}-${device}.png`, fullPage: true });
}

const walletPanel = (page: Page) => page.getByRole('region', { name: '간편결제 등록' });

/** Chooses `wallet` and agrees to keep it, in the 간편결제 panel of /account/cards (already open). */
async function chooseWallet(page: Page, wallet: string) {
  const panel = walletPanel(page);
  await panel.getByText(wallet, { exact: true }).click();
  await expect(panel.getByRole('radio', { name: wallet })).toBeChecked();
  await expect(panel).toContainText(`등록할 결제수단: ${wallet}`);
  await panel.getByRole('checkbox', { name: WALLET_CONSENT }).check();
  return panel;
}

test('카카오페이 registered in its window, subscribed with, renewed on its billing key @clock', async ({
  page,
}, testInfo) => {
  const person = await signUp(page);
  await openCardsPage(page);
  // Nothing is chosen for the customer.
  await expect(walletPanel(page).getByRole('button', { name: '간편결제 등록' })).toBeDisabled();
  const panel = await chooseWallet(page, '카카오페이');
  await keep(page, testInfo, '1-registration-choice');
  await panel.getByRole('button', { name: '카카오페이 등록' }).click();

  const window = paymentLayer(page);
  await expect(window.getByRole('heading', { name: '카카오페이 등록' })).toBeVisible();
  await expect(window.getByLabel('휴대폰 번호')).not.toHaveValue('');
  await window.getByRole('button', { name: '등록 승인' }).click();

  const wallet = listedCards(page).filter({ hasText: '카카오페이' });
  await expect(wallet).toHaveCount(1);
  await expect(wallet).toContainText('기본 결제수단');
  await expect(wallet).not.toContainText('*');
  await expect(page.getByRole('region', { name: /^알림/ }).getByText('카카오페이가 등록되었습니다.')).toBeVisible();
  await keep(page, testInfo, '2-cards-with-wallet');

  // The terms name the wallet; the first charge and each renewal go to its key.
  const item = await openTerms(page, '데모 플랜');
  await expect(item).toContainText('결제수단: 카카오페이');
  await item.getByRole('checkbox', { name: AGREE }).check();
  await item.getByRole('button', { name: '동의하고 구독하기' }).click();
  await expect(item.getByRole('status')).toContainText('구독이 시작되었습니다');
  await emulator.advanceClock(2 * 3_600 + 60);
  await page.reload();
  const subscription = page.getByRole('article', { name: /데모 플랜/ });
  await expect(subscription).toContainText('카카오페이');
  const history = subscription.getByRole('table', { name: '결제 이력' });
  await expect(history.getByRole('row').filter({ hasText: '결제 완료' })).toHaveCount(3);
  await keep(page, testInfo, '3-subscription-on-wallet');

  const charged = (await emulator.payments()).filter((p) => p.buyer_email === person.email && p.amount > 0);
  expect(charged.filter((p) => p.status === 'paid')).toHaveLength(3);
  for (const payment of charged) expect(payment).toMatchObject({ pg_provider: 'kakaopay', pay_method: 'point' });
  expect(new Set(charged.map((p) => p.customer_uid)).size).toBe(1);
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test("the wallet's window takes the page and returns to the list; a declining account keeps nothing", async ({
    page,
  }, testInfo) => {
    await signUp(page);
    await page.goto('/account/cards');
    await expect(page.getByText('불러오는 중…')).toHaveCount(0);
    // 010-4000-0002: the wallet refuses the registration.
    await (await chooseWallet(page, '네이버페이')).getByRole('button', { name: '네이버페이 등록' }).click();
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await expect(page.getByRole('heading', { name: '네이버페이 등록' })).toBeVisible();
    await page.getByLabel('휴대폰 번호').fill('010-4000-0002');
    await page.getByRole('button', { name: '등록 승인' }).click();
    await expect(page).toHaveURL(/\/account\/cards$/);
    await expect(walletPanel(page).getByRole('alert')).toContainText('네이버페이에서 등록을 승인하지 않았습니다.');
    await expect(listedCards(page)).toHaveCount(0);

    const panel = await chooseWallet(page, '토스페이');
    await keep(page, testInfo, '1-registration-choice');
    await panel.getByRole('button', { name: '토스페이 등록' }).click();
    await expect(page.getByRole('heading', { name: '토스페이 등록' })).toBeVisible();
    await page.getByRole('button', { name: '등록 승인' }).click();
    await expect(page).toHaveURL(/\/account\/cards$/);
    await expect(listedCards(page).filter({ hasText: '토스페이' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: /^알림/ }).getByText('토스페이가 등록되었습니다.')).toBeVisible();
    await keep(page, testInfo, '2-cards-with-wallet');
  });
});
