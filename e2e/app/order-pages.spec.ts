// After the purchase (issue 25, items 2 and 3): the purchase result links the order page, which
// shows the order number, items, amount, card, address and a timeline; the customer cancels before
// shipping (confirmed first) and is refunded; an operator ships (carrier, tracking) and marks it
// delivered in the console, the customer asks for a return, the operator approves it less a return
// fee and the customer sees the refund. Another customer's order number is not found. On a phone,
// the window's redirect to /checkout/complete links the same order page.
import { devices, type Page } from '@playwright/test';
import { clockEmulator as emulator, expect, test } from '../support/clock-app';
import { shot, signUp } from '../support/customers';
import { orderInConsole, shipAndDeliver } from '../support/operators';
import { buyInFullPageWindow, customerWithPaidOrder, openPlacedOrder } from '../support/orders';

const timeline = (page: Page) => page.getByRole('list', { name: '주문 진행 상황' });

/** Buys 드립백 20개입 with a saved card (18,900원 with shipping) and opens its order page from the result. */
async function buyAndOpenOrder(page: Page): Promise<string> {
  await customerWithPaidOrder(page);
  await expect(page.getByText('다음 단계: 배송 준비 중')).toBeVisible();
  return openPlacedOrder(page);
}

test('order-complete → order page → cancel before shipping, refunded in full; others get 404', async ({
  page,
  browser,
}, testInfo) => {
  const orderNumber = await buyAndOpenOrder(page);
  await expect(page.getByRole('heading', { name: /주문 상세/ })).toContainText(orderNumber);
  await expect(page.getByText('18,900원').first()).toBeVisible();
  await expect(page.getByText('서울특별시 중구 세종대로 110 3층')).toBeVisible();
  await expect(page.getByText('4242-42**-****-4242').first()).toBeVisible();
  await expect(timeline(page).getByRole('listitem')).toHaveText([/결제 완료/, /배송 준비 중/, /배송 중/, /배송 완료/]);
  await expect(timeline(page).locator('[aria-current="step"]')).toContainText('배송 준비 중');
  await shot(page, testInfo, '1-order-complete');

  // Another customer opening the address: not found, nothing shown.
  const stranger = await (await browser.newContext()).newPage();
  await signUp(stranger);
  const response = await stranger.goto(`/account/orders/${orderNumber}`);
  expect(response?.status()).toBe(404);
  await expect(stranger.getByText('18,900원')).toHaveCount(0);

  // Cancel: the dialog says what happens first; going back changes nothing.
  await page.getByRole('button', { name: '주문 취소' }).click();
  const dialog = page.getByRole('alertdialog', { name: '주문을 취소할까요?' });
  await expect(dialog).toContainText('18,900원');
  await shot(page, testInfo, '2-cancel-confirm');
  await dialog.getByRole('button', { name: '돌아가기' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: '주문 취소' }).click();
  await dialog.getByRole('button', { name: '주문 취소하고 환불받기' }).click();
  await expect(page.getByText('주문을 취소했습니다.')).toBeVisible();
  await expect(timeline(page)).toContainText('주문 취소');
  await expect(page.getByText('18,900원 · 결제한 카드로 환불했습니다.')).toBeVisible();
  await expect(page.getByRole('button', { name: '주문 취소' })).toHaveCount(0);
  await shot(page, testInfo, '3-cancelled');

  await page.goto('/account/orders');
  await expect(page.getByRole('list', { name: '주문 목록' })).toContainText('환불됨');
});

test('ship → deliver in the console → return asked → approved less the fee, refunded @clock', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const orderNumber = await buyAndOpenOrder(page);

  const { ops, card } = await orderInConsole(browser, orderNumber);
  await expect(card).toContainText('결제 완료');
  await card.getByRole('button', { name: '배송 준비 시작' }).click();
  await expect(card).toContainText('배송 준비 중');
  await card.getByLabel('택배사').selectOption('CJ대한통운');
  await card.getByLabel('운송장 번호').fill('123456789012');
  await shot(ops, testInfo, '1-console-ship');
  await card.getByRole('button', { name: '발송 처리' }).click();
  await expect(card).toContainText('배송 중 · CJ대한통운 123456789012');

  await page.reload();
  await expect(timeline(page)).toContainText('CJ대한통운 · 운송장 123456789012');
  await expect(page.getByRole('button', { name: '주문 취소' })).toHaveCount(0);

  await card.getByRole('button', { name: '배송 완료 처리' }).click();
  await expect(card).toContainText('배송 완료');

  await page.reload();
  // 배송조회 on the carrier's own page (issue 32).
  await expect(page.getByRole('link', { name: /^배송조회/ })).toHaveAttribute(
    'href',
    'https://trace.cjlogistics.com/next/tracking.html?wblNo=123456789012',
  );
  await page.getByRole('button', { name: '반품 요청' }).click();
  const ask = page.getByRole('alertdialog', { name: '반품을 요청할까요?' });
  // What a return costs and what happens next, before it is sent; no reason chosen for the customer.
  await expect(ask).toContainText('단순 변심: 왕복 배송비 6,000원을 뺀 12,900원을 환불합니다.');
  await expect(ask).toContainText('파손·불량·다른 상품: 배송비 없이 18,900원을 전액 환불합니다.');
  await expect(ask.getByRole('radio', { checked: true })).toHaveCount(0);
  await ask.getByRole('button', { name: '반품 요청하기' }).click();
  await expect(ask.getByRole('alert')).toContainText('반품 사유를 골라 주세요.');
  await ask.getByRole('radio', { name: '배송 중 파손' }).check();
  await ask.getByLabel('자세한 내용 (선택)').fill('원두 봉투가 찢어져 왔어요');
  await shot(page, testInfo, '2-return-request');
  await ask.getByRole('button', { name: '반품 요청하기' }).click();
  await expect(page.getByText('반품 요청을 받았습니다.')).toBeVisible();
  await expect(timeline(page)).toContainText('반품 요청');

  await ops.goto('/ops/orders?queue=returns');
  await expect(card).toContainText('배송 중 파손 · 원두 봉투가 찢어져 왔어요');
  // The fee the product page states for this reason: none for goods damaged on the way.
  await expect(card.getByLabel('반품 배송비 (원, 환불에서 제외)')).toHaveValue('0');
  await card.getByLabel('반품 배송비 (원, 환불에서 제외)').fill('3000');
  await card.getByRole('button', { name: '반품 승인' }).click();
  const approve = ops.getByRole('alertdialog', { name: '반품을 승인할까요?' });
  await expect(approve).toContainText('15,900원');
  await shot(ops, testInfo, '2-console-approve');
  await approve.getByRole('button', { name: '승인하고 환불' }).click();
  await expect(ops.getByText(`주문 ${orderNumber}: 반품 승인 · 15,900원을 환불했습니다.`)).toBeVisible();

  // The operator gives 2,000원 of the fee back from the payment's page, with an internal note.
  await ops.goto(`/ops/orders?number=${orderNumber}`);
  await card.getByRole('link', { name: '18,900원' }).click();
  const refund = ops.getByRole('form', { name: '환불' });
  await refund.getByLabel('환불 금액 (원)').fill('2000');
  await refund.getByLabel('사유').selectOption('adjustment');
  await expect(refund).toContainText('고객에게 보이는 사유: “결제 금액 조정에 따른 환불”');
  await refund.getByLabel('내부 메모').fill('반품 배송비는 1,000원만 받기로 함');
  await refund.getByRole('button', { name: '환불하기' }).click();
  const confirm = ops.getByRole('alertdialog', { name: '2,000원을 환불할까요?' });
  await expect(confirm).toContainText('보이는 사유는 “결제 금액 조정에 따른 환불”입니다. 내부 메모는 보이지 않습니다.');
  await confirm.getByRole('button', { name: '확인' }).click();
  await expect(ops.getByText('2,000원을 환불했습니다. 남은 금액 1,000원')).toBeVisible();

  // The customer sees the money as it stands: part refunded, the goods returned, 1,000원 kept.
  await page.reload();
  await expect(timeline(page)).toContainText('반품 승인 · 환불');
  const facts = page.locator('dl.facts');
  await expect(facts.getByText('부분 환불', { exact: true })).toBeVisible();
  await expect(facts).toContainText('배송 상태반품 승인');
  await expect(facts).toContainText('17,900원 환불 (반품 배송비 1,000원 제외)');
  await expect(facts).toContainText('결제 금액 18,900원 중 17,900원 · 결제한 카드로 환불했습니다.');
  await expect(facts).not.toContainText('결제 완료');
  await shot(page, testInfo, '3-returned');
  // This order's payment: the clock tests share one emulator, and others refund 18,900원 orders too.
  const { orders } = (await (await page.request.get('/api/orders')).json()) as {
    orders: { orderNumber: string; merchantUid: string }[];
  };
  const merchantUid = orders.find((o) => o.orderNumber === orderNumber)?.merchantUid;
  const payment = (await emulator.payments()).find((p) => p.merchant_uid === merchantUid && p.status !== 'failed');
  expect(payment?.cancel_history.map((entry) => entry.amount)).toEqual([15_900, 2_000]);
  // The internal note never reaches the customer: neither the service's record nor the mail.
  expect(payment?.cancel_history.map((entry) => entry.reason)).toEqual([
    expect.stringContaining('반품'),
    '결제 금액 조정에 따른 환불',
  ]);
});

test('a delivered order past 7 days (service clock) offers no return @clock', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const orderNumber = await buyAndOpenOrder(page);
  const { card } = await orderInConsole(browser, orderNumber);
  await shipAndDeliver(card, '987654321098');
  await page.reload();
  await expect(page.getByRole('button', { name: '반품 요청' })).toBeVisible();
  await emulator.advanceClock(8 * 86_400);
  // The app re-reads the service's clock soon after it moved (a real service's never jumps).
  await expect(async () => {
    await page.reload();
    await expect(timeline(page)).toContainText('배송 완료');
    await expect(page.getByRole('button', { name: '반품 요청' })).toHaveCount(0, { timeout: 1_000 });
  }).toPass();
});

test.describe('on a phone', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('the window returns to /checkout/complete, which links the order page', async ({ page }, testInfo) => {
    await signUp(page);
    await buyInFullPageWindow(page);
    await shot(page, testInfo, '1-complete');
    await page.getByRole('link', { name: '주문 상세 보기' }).click();
    await expect(page.getByText('주문이 완료되었습니다.')).toBeVisible();
    await expect(timeline(page)).toContainText('배송 준비 중');
    await expect(page.getByRole('button', { name: '주문 취소' })).toBeVisible();
    await shot(page, testInfo, '2-order-page');

    await page.goto('/account/orders');
    await expect(page.getByRole('list', { name: '주문 목록' }).getByRole('listitem')).toHaveCount(1);
    await shot(page, testInfo, '3-orders');
  });
});
