// The pages after a purchase (issue 25), desktop and phone: the order-complete view, the order page
// with its cancel dialog, a delivered order with the return dialog, and the console's 주문·배송 queue —
// an axe-core scan with no serious or critical violation, and a full-page screenshot each. The
// console runs on a @clock app (its own operator, support/clock-app.ts), apart from the main app's.
import { expectAccessible, viewports } from '../support/a11y';
import { expect, test } from '../support/clock-app';
import { orderInConsole, shipAndDeliver } from '../support/operators';
import { customerWithPaidOrder, openPlacedOrder } from '../support/orders';

for (const [device, viewport] of Object.entries(viewports)) {
  test.describe(`${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone' });
    test.describe.configure({ timeout: 240_000 });

    test('the order pages and the console queue @clock', async ({ page, browser }, testInfo) => {
      await customerWithPaidOrder(page);
      const orderNumber = await openPlacedOrder(page);
      await expectAccessible(page, testInfo, `${device}-order-complete`);
      await page.getByRole('button', { name: '주문 취소' }).click();
      await expect(page.getByRole('alertdialog', { name: '주문을 취소할까요?' })).toBeVisible();
      await expectAccessible(page, testInfo, `${device}-order-cancel-dialog`);
      await page.keyboard.press('Escape');

      const { ops, card } = await orderInConsole(browser, orderNumber, { viewport });
      await expect(card).toBeVisible();
      await expectAccessible(ops, testInfo, `${device}-ops-orders`);
      await shipAndDeliver(card, '123456789012');

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
