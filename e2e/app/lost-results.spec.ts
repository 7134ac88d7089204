// Results that must not get lost (issue 14, items 1–2): the phone's completion page shows the
// order as the server knows it on every reload, and a product page that comes back while the
// payment popup is open finds the attempt, shows it once paid, and offers no second payment.
import { devices, expect, type Page, test } from '@playwright/test';
import { signUp } from '../support/customers';
import { fillOrderSheet, payByCardInWindow } from '../support/orders';

const FAR_EXPIRY = '12/99';

async function payIn(window: Page) {
  await window.getByLabel('카드번호').fill('4242-4242-4242-4242');
  await window.getByLabel('유효기간').fill(FAR_EXPIRY);
  await window.getByLabel('생년월일').fill('900101');
  await window.getByLabel('카드 비밀번호 앞 2자리').fill('12');
  await window.getByRole('button', { name: '결제하기' }).click();
}

const orderItems = (page: Page) => page.getByRole('list', { name: '주문 목록' }).getByRole('listitem');

test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('reloading /checkout/complete after paying still shows the paid order, never a guess', async ({ page }) => {
    await signUp(page);
    await page.goto('/products/ceramic-mug');
    await fillOrderSheet(page);
    await payByCardInWindow(page);
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await payIn(page);
    await expect(page).toHaveURL(/\/checkout\/complete\?order=ord_/);
    await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
    const settledAt = page.url();

    await page.reload();
    await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
    await expect(page.getByText('결제가 취소되었습니다')).toHaveCount(0);

    // The address alone (a shared link, a new tab) shows the same order.
    const tab = await page.context().newPage();
    await tab.goto(settledAt);
    await expect(tab.getByText('결제가 완료되었습니다.')).toBeVisible();
    // With no order in the address there is nothing to guess from.
    await tab.goto('/checkout/complete');
    await expect(tab.getByText('확인할 주문을 찾지 못했습니다.')).toBeVisible();
    await expect(tab.getByText('결제가 취소되었습니다')).toHaveCount(0);
  });

  test('a window left without paying: the page says nothing was charged', async ({ page }) => {
    await signUp(page);
    await page.goto('/products/ceramic-mug');
    await fillOrderSheet(page);
    await payByCardInWindow(page);
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await page.getByRole('button', { name: '취소' }).click();
    await expect(page).toHaveURL(/\/checkout\/complete\?order=ord_/);
    await expect(page.getByText('결제가 완료되지 않았습니다.')).toBeVisible();
    await page.reload();
    await expect(page.getByText('결제가 완료되지 않았습니다.')).toBeVisible();
  });
});

/** Opens the payment window as a popup from a product page, already open. */
async function openPopup(page: Page): Promise<Page> {
  await fillOrderSheet(page);
  const opened = page.waitForEvent('popup');
  await payByCardInWindow(page);
  const popup = await opened;
  await expect(popup.getByRole('heading', { name: '결제' })).toBeVisible();
  return popup;
}

async function expectFoundPaidOnce(page: Page) {
  await expect(page.getByText('방금 결제가 완료된 주문이 있습니다')).toBeVisible();
  await expect(page.getByRole('link', { name: '주문 보기' })).toHaveAttribute('href', '/account/orders');
  // No button pays again in place; a new purchase is a deliberate step.
  await expect(page.getByRole('button', { name: /결제하기$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: '바로 구매' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('방금 결제가 완료된 주문이 있습니다')).toBeVisible();
  await page.goto('/account/orders');
  await expect(orderItems(page)).toHaveCount(1);
  await expect(orderItems(page)).toContainText('결제 완료');
}

test('reloading the product page while the popup is open: the paid order is found, not paid twice', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/products/ceramic-mug?window=popup');
  const popup = await openPopup(page);
  await page.reload();
  await expect(page.getByText('결제창에서 진행 중인 주문이 있습니다.')).toBeVisible();
  const closed = popup.waitForEvent('close');
  await payIn(popup);
  await closed;
  await expectFoundPaidOnce(page);

  // A deliberate new purchase opens a new order.
  await page.goto('/products/ceramic-mug?window=popup');
  await page.getByRole('button', { name: '새로 구매하기' }).click();
  await expect(page.getByRole('button', { name: '신용·체크카드로 결제하기' })).toBeEnabled();
});

test('going back while the popup is open: returning to the product shows the paid order', async ({ page }) => {
  await signUp(page);
  await page.goto('/products');
  await page.goto('/products/ceramic-mug?window=popup');
  const popup = await openPopup(page);
  await page.goBack();
  await expect(page.getByRole('heading', { name: '상품', level: 1 })).toBeVisible();
  const closed = popup.waitForEvent('close');
  await payIn(popup);
  await closed;
  await page.goForward();
  await expectFoundPaidOnce(page);
});
