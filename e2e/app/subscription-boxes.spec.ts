// Goods subscriptions' boxes (issue 32.8, 33.1), in Chromium against the emulator: a coffee plan's
// paid period is a box in the console's 주문·배송 → 발송 대기 beside the orders, with the customer's
// 배송 요청사항; the operator prepares it, ships it with carrier and tracking number and marks it
// delivered, and the customer sees each step on the subscription page and by mail. A free trial of
// goods says on the subscribe step that a trial box ships, and its box is in the queue at 0 won.
// The order sheet's 배송 요청사항 shows on the order page and in the console.
import { type Browser, devices, type Page } from '@playwright/test';
import type { CaughtMail } from '../../mail-catcher/catcher';
import { mailUrl } from '../../playwright.config';
import { registerCardByKeyIn } from '../support/cards';
import { expect, test } from '../support/clock-app';
import { shot, signUp } from '../support/customers';
import { orderInConsole, signInOperatorAnyhow } from '../support/operators';
import { buyNowConfirmed, fillOrderSheet, openPlacedOrder } from '../support/orders';
import { AGREE, openTerms } from '../support/subscriptions';

const PHONE = devices['Pixel 7'].viewport;

// One after another: each signs the console's operator in, and the first sign-in (replacing the
// one-time password) must not run twice at once.
test.describe.configure({ mode: 'serial' });

/** Looks at the page as a phone shows it (390 wide), then back at the desktop size. */
async function asPhone(page: Page, look: () => Promise<unknown>) {
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await look();
  if (desktop) await page.setViewportSize(desktop);
}

/** Waits for exactly one mail to `email` whose subject contains `title`, and answers it. */
async function mailTo(email: string, title: string): Promise<CaughtMail> {
  let found: CaughtMail[] = [];
  await expect
    .poll(async () => {
      const response = await fetch(`${mailUrl}/api/messages?to=${encodeURIComponent(email)}`);
      found = ((await response.json()) as { messages: CaughtMail[] }).messages.filter((m) => m.subject.includes(title));
      return found.length;
    })
    .toBe(1);
  return found[0] as CaughtMail;
}

/** The console's 주문·배송 page, in its own browser context signed in as the operator. */
async function opsPage(browser: Browser, path: string) {
  const ops = await (await browser.newContext()).newPage();
  await signInOperatorAnyhow(ops);
  await ops.goto(path);
  return ops;
}

const subscriptionOf = (page: Page, plan: string) => page.getByRole('article', { name: new RegExp(plan) });
/** The subscription's number as its page shows it (`S260115-738421`). */
const numberOf = async (page: Page, plan: string) =>
  (await subscriptionOf(page, plan)
    .getByText(/^S\d{6}-\d{6}$/)
    .textContent()) ?? '';

test('a goods box: 발송 대기 with the delivery note → shipped with carrier and tracking → delivered, seen by the customer', async ({
  page,
  browser,
}, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page);
  const plan = '월간 원두 정기배송';
  const item = await openTerms(page, plan);
  await item.getByLabel('배송 요청사항 (선택)').fill('경비실에 맡겨 주세요');
  await item.getByRole('checkbox', { name: AGREE }).check();
  await item.getByRole('button', { name: '동의하고 구독하기' }).click();
  await expect(item.getByRole('status')).toContainText('구독이 시작되었습니다');
  const number = await numberOf(page, plan);
  const box = `${number}-1`;
  const boxes = subscriptionOf(page, plan).getByRole('list', { name: '정기배송 상자' });
  await expect(boxes.getByRole('listitem', { name: `${plan} 1회차` })).toContainText('발송 준비 중');
  await expect(boxes).toContainText(box);

  // The receipt names the subscription's number, the address and the next charge — no merchant_uid.
  const receipt = await mailTo(person.email, `결제 영수증: ${plan}`);
  expect(receipt.text).toContain(`구독번호: ${number}`);
  expect(receipt.text).toContain('배송지: (04524) 서울특별시 중구 세종대로 110 3층 · 받는 분 김구독');
  expect(receipt.text).toMatch(/다음 결제 예정일: .+ \(19,900원\)/);
  expect(receipt.text).not.toMatch(/sub_[A-Za-z0-9_-]+/);

  // The console's 발송 대기 lists the box beside the orders, with the customer's note.
  const ops = await opsPage(browser, '/ops/orders');
  const card = ops.getByRole('listitem', { name: `정기배송 ${box}` });
  await expect(card).toContainText('발송 대기');
  await expect(card).toContainText('배송 요청사항경비실에 맡겨 주세요');
  await expect(card).toContainText('19,900원');
  await card.getByRole('button', { name: '배송 준비 시작' }).click();
  await expect(card).toContainText('배송 준비 중');
  await card.getByLabel('택배사').selectOption('롯데택배');
  await card.getByLabel('운송장 번호').fill('612345678901');
  await card.scrollIntoViewIfNeeded();
  await shot(ops, testInfo, '1-console-box-to-ship');
  await card.getByRole('button', { name: '발송 처리' }).click();
  await expect(ops.getByText(`정기배송 ${box}: 발송 처리했습니다.`)).toBeVisible();
  // It left 발송 대기; it is on its way.
  await expect(card).toHaveCount(0);
  await ops.getByRole('link', { name: '배송 중' }).click();
  await expect(card).toContainText('배송 중 · 롯데택배 612345678901');

  // The customer sees where it is, and is mailed the tracking number.
  await page.reload();
  await expect(boxes.getByRole('listitem', { name: `${plan} 1회차` })).toContainText(
    '배송 중 · 롯데택배 운송장 612345678901',
  );
  // 배송조회 on the carrier's own page, as an order's.
  await expect(
    boxes.getByRole('listitem', { name: `${plan} 1회차` }).getByRole('link', { name: /배송조회/ }),
  ).toHaveAttribute('href', /lotteglogis\.com.*InvNo=612345678901/);
  await subscriptionOf(page, plan).scrollIntoViewIfNeeded();
  await shot(page, testInfo, '2-customer-box-shipped');
  await asPhone(page, async () => {
    await boxes.scrollIntoViewIfNeeded();
    await shot(page, testInfo, '2-customer-box-shipped-phone');
  });
  const shipped = await mailTo(person.email, '정기배송 상자가 발송되었습니다');
  expect(shipped.text).toContain('택배사: 롯데택배\n운송장 번호: 612345678901');
  expect(shipped.text).toContain('배송조회: https://www.lotteglogis.com/');

  await card.getByRole('button', { name: '배송 완료 처리' }).click();
  await expect(ops.getByText(`정기배송 ${box}: 배송 완료로 처리했습니다.`)).toBeVisible();
  await page.reload();
  await expect(boxes.getByRole('listitem', { name: `${plan} 1회차` })).toContainText('배송 완료');
  await mailTo(person.email, '정기배송 상자 배송 완료');
  await shot(page, testInfo, '3-customer-box-delivered');
});

test('a free trial of goods ships a trial box: said on the subscribe step, in the queue at 0 won, mailed', async ({
  page,
  browser,
}, testInfo) => {
  const person = await signUp(page);
  await registerCardByKeyIn(page);
  const plan = '원두 테이스팅 클럽';
  const item = await openTerms(page, plan);
  await expect(item).toContainText('체험 상자를 무료로 보내 드립니다');
  await expect(item).toContainText('체험을 시작하면 체험 상자를 무료(0원)로 바로 보내 드립니다');
  await expect(item).toContainText(`체험 상자: 무료 체험을 시작하면 ${plan} 체험 상자를 0원에 바로 보내 드립니다.`);
  await shot(page, testInfo, '1-trial-terms');
  await asPhone(page, async () => {
    await item.getByText('체험 상자: ').scrollIntoViewIfNeeded();
    await shot(page, testInfo, '1-trial-terms-phone');
  });
  await item.getByRole('checkbox', { name: AGREE }).check();
  await item.getByRole('button', { name: '동의하고 구독하기' }).click();
  await expect(item.getByRole('status')).toContainText('무료 체험이 시작되었습니다');
  await expect(item.getByRole('status')).toContainText('체험 상자를 무료로 보내 드리며');
  const number = await numberOf(page, plan);
  await expect(subscriptionOf(page, plan).getByRole('listitem', { name: `${plan} 체험 상자` })).toContainText(
    '(무료 체험, 0원) · 발송 준비 중',
  );

  const started = await mailTo(person.email, '무료 체험 시작');
  expect(started.text).toContain(`무료 체험 상자(0원, 상자 번호 ${number}-1)를 보내 드립니다`);

  // The operator finds the box by the number the customer quotes.
  const ops = await opsPage(browser, `/ops/orders?number=${number}`);
  const card = ops.getByRole('listitem', { name: `정기배송 ${number}-1` });
  await expect(card).toContainText('무료 체험 상자 (0원)');
  await expect(card).toContainText('발송 대기');
  await shot(ops, testInfo, '2-console-trial-box');
});

test('the order sheet’s 배송 요청사항 shows on the order page and in the console', async ({ page, browser }) => {
  await signUp(page);
  await registerCardByKeyIn(page);
  await page.goto('/products/drip-bag-20?window=layer');
  await expect(page.getByText('카드 정보를 불러오는 중…')).toHaveCount(0);
  await fillOrderSheet(page);
  await page.getByLabel('배송 요청사항 (선택)').fill('문 앞에 놓아 주세요');
  await buyNowConfirmed(page);
  await expect(page.getByText('결제가 완료되었습니다.')).toBeVisible();
  const orderNumber = await openPlacedOrder(page);
  await expect(page.getByRole('definition').filter({ hasText: '문 앞에 놓아 주세요' })).toBeVisible();
  await expect(page.getByText('배송 요청사항', { exact: true })).toBeVisible();
  const { card } = await orderInConsole(browser, orderNumber, { viewport: PHONE });
  await expect(card).toContainText('배송 요청사항문 앞에 놓아 주세요');
});
