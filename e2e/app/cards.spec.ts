// Cards, end to end: the app's /account/cards page, the emulator's payment window (as a layer) and
// its REST API; the app's server verifies every registration with the service.
import { devices, expect, type Locator, type Page, type TestInfo, test } from '@playwright/test';
import {
  agreeToKeepCardForWindow,
  CARD_CONSENT,
  cardList,
  completeRegistrationWindow,
  fillKeyInForm,
  listedCards,
  openCardsPage,
  registerCardByKeyIn,
  registerCardInWindow,
} from '../support/cards';
import { signUp } from '../support/customers';

const defaultBadge = (card: Locator) => card.getByText('기본 카드', { exact: true });

/** A screenshot kept with the test's results, as an attachment of the report. */
async function attachShot(page: Page, testInfo: TestInfo, name: string) {
  await testInfo.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

test('sign up, register a card in the payment window: listed as the default card', async ({ page }, testInfo) => {
  await signUp(page);
  await page.getByRole('link', { name: '카드 관리' }).first().click();
  await expect(page).toHaveURL(/\/account\/cards$/);
  await expect(page.getByText('등록된 카드가 없습니다.')).toBeVisible();
  await attachShot(page, testInfo, '1-no-cards');

  const masked = await registerCardInWindow(page);
  const card = listedCards(page).filter({ hasText: masked });
  await expect(card).toContainText('신한카드');
  await expect(defaultBadge(card)).toBeVisible();
  await expect(card).toContainText('결제창');
  await attachShot(page, testInfo, '2-card-registered');

  await page.reload();
  await expect(listedCards(page)).toHaveCount(1);
});

test('key-in registration, with masks and validation in the form', async ({ page }, testInfo) => {
  await signUp(page);
  await openCardsPage(page);
  const form = page.getByRole('form', { name: '카드 번호 직접 입력' });
  await form.getByLabel('카드 번호', { exact: true }).fill('4242424242424241');
  await expect(form.getByLabel('카드 번호', { exact: true })).toHaveValue('4242-4242-4242-4241');
  await form.getByRole('checkbox', { name: CARD_CONSENT }).check();
  await form.getByRole('button', { name: '카드 등록' }).click();
  // The field's hint (AMEX has 15 digits), then its error.
  await expect(form.getByLabel('카드 번호', { exact: true })).toHaveAccessibleDescription(
    '아멕스(AMEX)는 15자리입니다. 카드 번호가 올바르지 않습니다. 다시 확인해 주세요.',
  );
  await attachShot(page, testInfo, '1-validation');

  const masked = await registerCardByKeyIn(page, '5555555555554444');
  await expect(listedCards(page).filter({ hasText: masked })).toContainText('직접 입력');
  await expect(form.getByLabel('카드 번호', { exact: true })).toHaveValue('');
  await attachShot(page, testInfo, '2-registered');
});

test('a refused card shows the issuer’s reason and nothing is listed', async ({ page }, testInfo) => {
  await signUp(page);
  await openCardsPage(page);
  await fillKeyInForm(page, '4000-0000-0000-0002');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('카드사에서 승인을 거절했습니다');
  await attachShot(page, testInfo, '1-key-in-refused');

  await completeRegistrationWindow(page, '4000-0000-0000-0069');
  await expect(
    page.getByRole('main').getByRole('alert').filter({ hasText: '유효기간이 지난 카드입니다' }),
  ).toBeVisible();
  await attachShot(page, testInfo, '2-window-refused');
  await expect(cardList(page)).toHaveCount(0);
});

test('removing cards: the default passes to the remaining one', async ({ page }, testInfo) => {
  await signUp(page);
  const first = await registerCardByKeyIn(page, '4242-4242-4242-4242');
  const second = await registerCardInWindow(page, '5555-5555-5555-4444');
  const firstItem = listedCards(page).filter({ hasText: first });
  const secondItem = listedCards(page).filter({ hasText: second });
  await expect(defaultBadge(firstItem)).toBeVisible();
  await expect(defaultBadge(secondItem)).toHaveCount(0);

  await secondItem.getByRole('button', { name: '기본 카드로 지정' }).click();
  await expect(defaultBadge(secondItem)).toBeVisible();
  await expect(defaultBadge(firstItem)).toHaveCount(0);
  await attachShot(page, testInfo, '1-default-changed');

  await secondItem.getByRole('button', { name: '삭제', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: '이 카드를 삭제할까요?' });
  await expect(confirm).toBeVisible();
  await attachShot(page, testInfo, '2-confirm-removal');
  await confirm.getByRole('button', { name: '삭제하기' }).click();
  await expect(listedCards(page)).toHaveCount(1);
  await expect(defaultBadge(firstItem)).toBeVisible();
  await attachShot(page, testInfo, '3-removed');
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('the payment window takes the whole page and returns to /account/cards (m_redirect_url)', async ({
    page,
  }, testInfo) => {
    await signUp(page);
    await page.goto('/account/cards');
    await agreeToKeepCardForWindow(page);
    await page.getByRole('button', { name: '결제창으로 카드 등록' }).click();
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await page.getByLabel('카드번호').fill('4242-4242-4242-4242');
    await page.getByLabel('유효기간').fill('12/99');
    await page.getByLabel('생년월일').fill('900101');
    await page.getByLabel('카드 비밀번호 앞 2자리').fill('12');
    await attachShot(page, testInfo, '1-window-page');
    await page.getByRole('button', { name: '카드 등록하기' }).click();
    await expect(listedCards(page)).toHaveCount(1);
    await expect(page).toHaveURL(/\/account\/cards$/);
    await expect(page.getByRole('region', { name: /^알림/ }).getByText('카드가 등록되었습니다.')).toBeVisible();
    await attachShot(page, testInfo, '2-registered');
  });
});
