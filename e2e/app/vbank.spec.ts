// 가상계좌 from issue to refund (issue 36, part 2), through the pages, the emulator's window and bank,
// the console and the mail catcher: one order is issued (the account on the order-complete page and
// the order page, with a copy button, and in a mail), paid by its deposit (receipt), shipped,
// delivered, returned and refunded to the account the customer entered (its holder checked); another
// is issued and its deadline passes on the merchant's clock (@clock), which cancels it with a mail.
// Screenshots of the order-complete and order pages, desktop and phone, to /work/shots/vbank-orders.
import type { Page, TestInfo } from '@playwright/test';
import { accountHolder } from '../../emulator/core/service/bank-holders';
import { emulatorUrl } from '../../playwright.config';
import { paymentLayer } from '../support/cards';
import { clockEmulator as emulator, expect, test } from '../support/clock-app';
import { signUp } from '../support/customers';
import { mailTo } from '../support/mail';
import { orderInConsole, shipAndDeliver } from '../support/operators';
import { fillOrderSheet } from '../support/orders';

const SHOTS = process.env.VBANK_SHOTS_DIR;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The page at desktop and phone widths, kept with the results (and in VBANK_SHOTS_DIR when set). */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    const path = SHOTS ? `${SHOTS}/${name}-${size}.png` : testInfo.outputPath(`${name}-${size}.png`);
    await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

/** On drip-bag-20's order sheet: 가상계좌, issued in the window at KB국민은행. Answers the account number shown. */
async function issueVbank(page: Page): Promise<string> {
  await page.goto('/products/drip-bag-20?window=layer');
  await fillOrderSheet(page);
  await page.getByRole('radio', { name: '가상계좌' }).check();
  await page.getByRole('button', { name: '가상계좌 발급받기' }).click();
  const window = paymentLayer(page);
  await window.getByLabel('입금 은행').selectOption({ label: 'KB국민은행' });
  await window.getByRole('button', { name: '가상계좌 발급받기' }).click();
  await expect(page.getByText('주문이 접수되었습니다. 아래 계좌로 입금하시면 결제가 완료됩니다.')).toBeVisible();
  const account = page.getByLabel('입금 계좌');
  await expect(account).toContainText('KB국민은행');
  await expect(account).toContainText('18,900원');
  return (await account.locator('.card-number').innerText()).trim();
}

/** The service's payment behind the account number (the bank knows it by its number). */
async function paymentOf(accountNumber: string) {
  const payment = (await emulator.payments()).find((p) => p.vbank_num === accountNumber);
  if (!payment) throw new Error(`no payment for account ${accountNumber}`);
  return payment;
}

const deposit = (impUid: string) =>
  fetch(`${emulatorUrl}/__emulator/api/vbanks/${encodeURIComponent(impUid)}/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ depositor_name: '김하늘' }),
  });

test('가상계좌: issued → deposited → paid → shipped, delivered, returned → refunded to the customer’s account', async ({
  page,
  browser,
  context,
}, testInfo) => {
  test.setTimeout(300_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const person = await signUp(page);
  const accountNumber = await issueVbank(page);
  await shots(page, testInfo, '1-order-complete');
  await page.getByRole('button', { name: '계좌번호 복사' }).click();
  await expect(page.getByText('계좌번호를 복사했습니다.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(accountNumber.replace(/\D/g, ''));

  const issued = await mailTo(person.email, '입금 안내');
  expect(issued.text).toContain(`계좌번호: ${accountNumber}`);
  expect(issued.text).toContain('입금액: 18,900원');
  expect(issued.text).toContain('입금기한');

  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page.getByText('입금을 기다리고 있습니다.')).toBeVisible();
  await expect(page.getByRole('heading', { name: '입금 안내' })).toBeVisible();
  await expect(page.getByText('입금 대기').first()).toBeVisible();
  await shots(page, testInfo, '2-order-page-awaiting');

  // The customer transfers the amount; the bank tells the service, the service the shop (webhook).
  const payment = await paymentOf(accountNumber);
  expect((await deposit(payment.imp_uid)).status).toBe(200);
  await mailTo(person.email, '결제 영수증');
  await page.reload();
  await expect(page.getByText('결제 완료').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: '입금 안내' })).toHaveCount(0);
  const orderNumber = new URL(page.url()).pathname.split('/').pop() ?? '';

  // The refund account: a holder that is not the account's is refused; the right one is kept, masked.
  const refundAccount = '12345678901234';
  const holder = accountHolder({ bank_code: '004', bank_num: refundAccount }).bank_holder;
  const form = page.getByRole('form', { name: '환불 계좌 입력' });
  await form.getByLabel('은행').selectOption({ label: 'KB국민은행' });
  await form.getByLabel('예금주').fill('홍길동');
  await form.getByLabel('계좌번호').fill(refundAccount);
  await form.getByRole('button', { name: '환불 계좌 등록' }).click();
  await expect(form.getByRole('alert')).toContainText('예금주가 계좌의 예금주와 다릅니다');
  await form.getByLabel('예금주').fill(holder);
  await form.getByRole('button', { name: '환불 계좌 등록' }).click();
  await expect(page.getByText('**********1234')).toBeVisible();
  await shots(page, testInfo, '3-order-page-paid-refund-account');

  const { ops, card } = await orderInConsole(browser, orderNumber);
  await shipAndDeliver(card, '123456789012');
  await page.reload();
  await page.getByRole('button', { name: '반품 요청' }).click();
  const ask = page.getByRole('alertdialog', { name: '반품을 요청할까요?' });
  await ask.getByRole('radio', { name: '배송 중 파손' }).check();
  await ask.getByRole('button', { name: '반품 요청하기' }).click();
  await expect(page.getByText('반품 요청을 받았습니다.')).toBeVisible();

  await ops.goto('/ops/orders?queue=returns');
  await card.getByRole('button', { name: '반품 승인' }).click();
  await ops
    .getByRole('alertdialog', { name: '반품을 승인할까요?' })
    .getByRole('button', { name: '승인하고 환불' })
    .click();
  await expect(ops.getByText(`주문 ${orderNumber}: 반품 승인 · 18,900원을 환불했습니다.`)).toBeVisible();
  const service = (await emulator.payments()).find((p) => p.imp_uid === payment.imp_uid);
  expect(service).toMatchObject({ status: 'cancelled', cancel_amount: 18_900 });

  await page.reload();
  await expect(page.getByText('환불 계좌(KB국민은행 **********1234)로 환불했습니다.')).toBeVisible();
  const refunded = await mailTo(person.email, '환불 안내');
  expect(refunded.text).toContain('등록하신 환불 계좌로 입금됩니다');
});

test('가상계좌: issued → the deadline passes on the clock → cancelled, mailed; a late deposit is refused @clock', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const person = await signUp(page);
  const accountNumber = await issueVbank(page);
  await mailTo(person.email, '입금 안내');
  const payment = await paymentOf(accountNumber);
  await emulator.advanceClock(3 * 86_400 + 600);
  expect((await deposit(payment.imp_uid)).status).toBe(409);

  // The service sends no notice of an expired account: the order page looks it up.
  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page.getByText('입금기한이 지나 주문이 취소되었습니다.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: '주문 취소' })).toHaveCount(0);
  await shots(page, testInfo, '4-order-page-expired');
  const expired = await mailTo(person.email, '입금기한 만료');
  expect(expired.text).toContain('결제된 금액은 없습니다');
  expect(expired.text).toContain(accountNumber);
});
