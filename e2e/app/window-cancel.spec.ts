// Closing or cancelling the payment window (issue 25, item 5): the page says "결제를 취소했습니다",
// even though the order stays open at the server (the same order opens again next time) and the
// page keeps asking about it; a reload, which saw no cancel, shows the open order's notice again.
import { expect, type Page, test } from '@playwright/test';
import { paymentLayer } from '../support/cards';
import { shot, signUp } from '../support/customers';
import { fillOrderSheet, payByCardInWindow } from '../support/orders';

const cancelled = (page: Page) => page.getByRole('alert').filter({ hasText: '결제를 취소했습니다.' });
const openNotice = (page: Page) => page.getByText('결제창에서 진행 중인 주문이 있습니다.');

/** Two answers about the open attempt after the cancel: the page has rendered what the server says. */
async function afterTwoAttemptPolls(page: Page) {
  for (let i = 0; i < 2; i++) {
    await page.waitForResponse((response) => response.url().includes('/api/orders/attempts') && response.ok());
  }
}

test('closing the payment popup says the payment was cancelled, and keeps saying it', async ({ page }, testInfo) => {
  await signUp(page);
  await page.goto('/products/ceramic-mug?window=popup');
  await fillOrderSheet(page);
  const opened = page.waitForEvent('popup');
  await payByCardInWindow(page);
  const popup = await opened;
  await expect(popup.getByRole('heading', { name: '결제' })).toBeVisible();
  const polled = afterTwoAttemptPolls(page);
  await popup.close();
  await expect(cancelled(page)).toBeVisible();
  await polled;
  await expect(cancelled(page)).toBeVisible();
  await expect(openNotice(page)).toHaveCount(0);
  await shot(page, testInfo, 'popup-closed');
  // Paying again is possible from the same page.
  await expect(page.getByRole('button', { name: '신용·체크카드로 결제하기' })).toBeEnabled();

  // A reload saw no cancel: the order still open at the server shows its notice.
  await page.reload();
  await expect(openNotice(page)).toBeVisible();
  await expect(cancelled(page)).toHaveCount(0);
});

test("the window's 취소 button says the payment was cancelled", async ({ page }, testInfo) => {
  await signUp(page);
  await page.goto('/products/ceramic-mug?window=layer');
  await fillOrderSheet(page);
  await payByCardInWindow(page);
  const layer = paymentLayer(page);
  const polled = afterTwoAttemptPolls(page);
  await layer.getByRole('button', { name: '취소' }).click();
  await expect(cancelled(page)).toBeVisible();
  await polled;
  await expect(cancelled(page)).toBeVisible();
  await expect(openNotice(page)).toHaveCount(0);
  await shot(page, testInfo, 'layer-cancelled');
});
