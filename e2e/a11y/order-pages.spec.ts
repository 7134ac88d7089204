// The pages after a purchase (issue 25), desktop and phone: the order-complete view, the order page
// with its cancel dialog, a delivered order with the return dialog, and the console's 주문·배송 queue —
// an axe-core scan with no serious or critical violation, and a full-page screenshot each. The
// console runs on a @clock app (its own operator, support/clock-app.ts), apart from the main app's.
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { registerCardByKeyIn } from '../support/cards';
import { expect, test } from '../support/clock-app';
import { signUp } from '../support/customers';
import { signInOperatorAnyhow } from '../support/operators';
import { buyNowConfirmed, fillOrderSheet } from '../support/orders';

const viewports = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

async function expectAccessible(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  const grave = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  expect(grave, `${name}: serious or critical accessibility violations`).toEqual([]);
}

/** A new customer's paid one-click order with a delivery; answers its number, on its order page. */
async function paidOrder(page: Page): Promise<string> {
  await signUp(page);
  await registerCardByKeyIn(page);
  await page.goto('/products/drip-bag-20?window=layer');
  await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
  await fillOrderSheet(page);
  await buyNowConfirmed(page);
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page.getByText('주문이 완료되었습니다.')).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop() ?? '';
}

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(`${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone' });
    test.describe.configure({ timeout: 240_000 });

    test('the order pages and the console queue @clock', async ({ page, browser }, testInfo) => {
      const orderNumber = await paidOrder(page);
      await expectAccessible(page, testInfo, `${device}-order-complete`);
      await page.getByRole('button', { name: '주문 취소' }).click();
      await expect(page.getByRole('alertdialog', { name: '주문을 취소할까요?' })).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-order-cancel-dialog`);
      await page.keyboard.press('Escape');

      const ops = await (await browser.newContext({ viewport })).newPage();
      await signInOperatorAnyhow(ops);
      await ops.goto(`/ops/orders?number=${orderNumber}`);
      const card = ops.getByRole('listitem', { name: `주문 ${orderNumber}` });
      await expect(card).toBeVisible();
      await expectAccessible(ops, testInfo, `${device}-ops-orders`);
      await card.getByLabel('운송장 번호').fill('123456789012');
      await card.getByRole('button', { name: '발송 처리' }).click();
      await card.getByRole('button', { name: '배송 완료 처리' }).click();
      await expect(card).toContainText('배송 완료');

      await page.reload();
      await expect(page.getByRole('button', { name: '반품 요청' })).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-order-delivered`);
      await page.getByRole('button', { name: '반품 요청' }).click();
      await expect(page.getByRole('alertdialog', { name: '반품을 요청할까요?' })).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-order-return-dialog`);
      await page.keyboard.press('Escape');

      await page.goto('/account/orders');
      await expect(page.getByRole('heading', { level: 1, name: '주문 내역' })).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-orders-list`);
    });
  });
}
