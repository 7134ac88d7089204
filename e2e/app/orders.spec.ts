// Orders, end to end: the product page's one-click purchase with a saved card and its payment-window
// checkout, against the app's production build and the emulator (REST, windows, webhooks).
import { devices, expect, type Page, test } from '@playwright/test';
import { fillWindowCard, paymentLayer, registerCardByKeyIn, registerCardInWindow } from '../support/cards';
import { shot, signUp } from '../support/customers';
import { buyInFullPageWindow, buyNowConfirmed, fillOrderSheet, payByCardInWindow } from '../support/orders';

const orderItems = (page: Page) => page.getByRole('list', { name: '주문 목록' }).getByRole('listitem');

async function openProduct(page: Page, id: string, name: string) {
  await page.goto(`/products/${id}?window=layer`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
}

test('sign up → register a card in the window → one-click purchase paid, listed with its receipt', async ({
  page,
}, testInfo) => {
  await signUp(page);
  const masked = await registerCardInWindow(page);

  await page.goto('/products');
  await page.getByRole('link', { name: /드립백 20개입/ }).click();
  await expect(page.getByRole('heading', { name: '드립백 20개입', level: 1 })).toBeVisible();
  await expect(page.getByLabel('결제 카드')).toContainText(`(${masked.slice(-4)}) · 기본 카드`);
  await fillOrderSheet(page);
  await shot(page, testInfo, '1-product');

  await buyNowConfirmed(page);
  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  await expect(page.getByRole('link', { name: '영수증 보기' })).toHaveAttribute('href', /\/receipts?\//);
  await shot(page, testInfo, '2-paid');

  await page.goto('/account/orders');
  await expect(orderItems(page)).toHaveCount(1);
  await expect(orderItems(page)).toContainText('드립백 20개입');
  // 15,900원 and 3,000원 shipping, to the address the order sheet gave.
  await expect(orderItems(page)).toContainText('18,900원');
  await expect(orderItems(page)).toContainText('서울특별시 중구 세종대로 110 3층');
  await expect(orderItems(page)).toContainText('결제 완료');
  await expect(orderItems(page)).toContainText(masked);
  await shot(page, testInfo, '3-orders');
});

test('a declined card shows the issuer’s reason; the order is listed as failed', async ({ page }, testInfo) => {
  await signUp(page);
  await registerCardByKeyIn(page, '4000000000009995');
  await openProduct(page, 'ceramic-mug', '도자기 머그컵');
  await fillOrderSheet(page);
  await buyNowConfirmed(page);
  await expect(page.getByRole('alert').filter({ hasText: '결제가 실패했습니다.' })).toContainText(
    '카드 잔액이 부족합니다',
  );
  await shot(page, testInfo, '1-declined');

  // A failed attempt is folded away from paid orders, its reason kept.
  await page.goto('/account/orders');
  await expect(page.getByText('완료된 주문이 없습니다.')).toBeVisible();
  await page.getByText('결제 실패·미완료 1건').click();
  const attempts = page.getByRole('list', { name: '결제 실패·미완료 주문' }).getByRole('listitem');
  await expect(attempts).toHaveCount(1);
  await expect(attempts).toContainText('결제 실패');
  await expect(attempts).toContainText('카드 잔액이 부족합니다');
});

test('payment-window checkout without a saved card: paid in the window, verified by the server, listed', async ({
  page,
}, testInfo) => {
  await signUp(page);
  await openProduct(page, 'ceramic-mug', '도자기 머그컵');
  await expect(page.getByText('등록된 카드가 없습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '바로 구매' })).toBeDisabled();

  await fillOrderSheet(page);
  await payByCardInWindow(page);
  const window = paymentLayer(page);
  await expect(window.getByRole('heading', { name: '결제' })).toBeVisible();
  await expect(window.getByText('15,000')).toBeVisible();
  await fillWindowCard(window, '4242424242424242');
  await shot(page, testInfo, '1-window');
  await window.getByRole('button', { name: '결제하기' }).click();

  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  await shot(page, testInfo, '2-paid');
  await page.goto('/account/orders');
  await expect(orderItems(page)).toHaveCount(1);
  await expect(orderItems(page)).toContainText('결제창');
  await expect(orderItems(page)).toContainText('결제 완료');
});

test('product pages ask visitors to sign in first', async ({ page }) => {
  await page.goto('/products/drip-bag-20');
  await page.getByRole('link', { name: '로그인' }).last().click();
  await expect(page).toHaveURL(/\/signin\?next=%2Fproducts%2Fdrip-bag-20$/);
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('the payment window takes the whole page and returns to /checkout/complete, which settles the order', async ({
    page,
  }, testInfo) => {
    await signUp(page);
    await buyInFullPageWindow(page);
    await shot(page, testInfo, '1-returned');
    await page.getByRole('link', { name: '주문 내역' }).last().click();
    await expect(orderItems(page)).toContainText('결제 완료');
  });
});
