// An order's refund on the shop switched to PortOne V2 (the `v2` project's app), as
// order-pages.spec.ts runs it on V1: a one-click purchase on a card from V2's billing-key window,
// cancelled by the customer on the order page before shipping; the page shows the refund, and V2's
// record of the payment (GET /payments/{id}, the order's merchantUid its paymentId) shows it
// cancelled by exactly that amount, once, with the notice of it answered by the app.
import { expect, type Page, test } from '@playwright/test';
import { formatWon } from '../../lib/values/client';
import { shot, signUp } from '../support/customers';
import { buyNowConfirmed, fillOrderSheet, openPlacedOrder } from '../support/orders';
import { registerCardInV2Window, V2_WEBHOOK_TARGET, v2Payment, v2WebhooksAbout } from '../support/v2';

test.use({ viewport: { width: 1280, height: 800 } });

const timeline = (page: Page) => page.getByRole('list', { name: '주문 진행 상황' });

test('@v2 a paid one-click order cancelled before shipping is refunded in full through V2', async ({
  page,
}, testInfo) => {
  await signUp(page);
  const billingKey = await registerCardInV2Window(page);
  await page.goto('/products/drip-bag-20?window=layer');
  await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
  await fillOrderSheet(page);
  await buyNowConfirmed(page);
  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  const orderNumber = await openPlacedOrder(page);

  const { orders } = (await (await page.request.get('/api/orders')).json()) as {
    orders: { merchantUid: string; orderNumber: string; amount: number }[];
  };
  const order = orders.find((o) => o.orderNumber === orderNumber);
  if (!order) throw new Error(`order ${orderNumber} is not listed`);
  // What the page says was paid is what V2 charged on the card's key.
  const paid = await v2Payment(order.merchantUid);
  expect(paid).toMatchObject({ status: 'PAID', billingKey, amount: { total: order.amount, paid: order.amount } });
  await expect(page.getByText(formatWon(paid.amount.total)).first()).toBeVisible();
  await shot(page, testInfo, '1-paid');
  // The card's sales slip, as V2 names it (receiptUrl): the link opens the slip of this payment.
  const receipt = page.getByRole('link', { name: '카드 영수증 보기' });
  await expect(receipt).toHaveAttribute('href', paid.receiptUrl ?? 'no receiptUrl at V2');
  const slip = await (await page.request.get(String(paid.receiptUrl))).text();
  expect(slip).toContain(order.merchantUid);
  expect(slip).toContain(formatWon(order.amount));

  await page.getByRole('button', { name: '주문 취소' }).click();
  const dialog = page.getByRole('alertdialog', { name: '주문을 취소할까요?' });
  await expect(dialog).toContainText(formatWon(paid.amount.total));
  await dialog.getByRole('button', { name: '주문 취소하고 환불받기' }).click();
  await expect(page.getByText('주문을 취소했습니다.')).toBeVisible();
  await expect(timeline(page)).toContainText('주문 취소');
  await expect(page.getByText(`${formatWon(paid.amount.total)} · 결제한 카드로 환불했습니다.`)).toBeVisible();
  await expect(page.getByRole('button', { name: '주문 취소' })).toHaveCount(0);
  await shot(page, testInfo, '2-refunded');

  // At V2: cancelled in full, in one cancellation of exactly the amount paid.
  const cancelled = await v2Payment(order.merchantUid);
  expect(cancelled).toMatchObject({ status: 'CANCELLED', amount: { total: order.amount, cancelled: order.amount } });
  expect(cancelled.cancellations?.map((c) => c.totalAmount)).toEqual([order.amount]);
  // V2's notices of the payment and of its cancellation, each signed and answered by the app.
  await expect
    .poll(async () => (await v2WebhooksAbout(order.merchantUid)).map((d) => [d.event, d.target, d.response_status]))
    .toEqual([
      ['Transaction.Paid', V2_WEBHOOK_TARGET, 200],
      ['Transaction.Cancelled', V2_WEBHOOK_TARGET, 200],
    ]);

  await page.goto('/account/orders');
  await expect(page.getByRole('list', { name: '주문 목록' })).toContainText('환불됨');
});
