// Money owed back on a 가상계좌 (issue 36, refund owed), through the pages: a second account of one
// order deposited after the first paid it buys nothing; the order page shows 돌려드릴 금액 with the
// refund-account form, the customer gives their account (holder checked) and it is refunded once;
// the console's 돌려줄 돈 lists it. Screenshots desktop 1280×800 and phone 390×844 (VBANK_OWED_SHOTS
// names the folder; else kept with the results).
import type { Page, TestInfo } from '@playwright/test';
import { accountHolder } from '../../emulator/core/service/bank-holders';
import { emulatorUrl } from '../../playwright.config';
import { connectEmulator } from '../../test/emulator/kit';
import { paymentLayer } from '../support/cards';
import { expect, test } from '../support/clock-app';
import { signUp } from '../support/customers';
import { mailTo } from '../support/mail';
import { signInOperatorAnyhow } from '../support/operators';
import { fillOrderSheet } from '../support/orders';

const SHOTS = process.env.VBANK_OWED_SHOTS;
const SIZES = [
  ['desktop', { width: 1280, height: 800 }],
  ['phone', { width: 390, height: 844 }],
] as const;
const emulator = connectEmulator(emulatorUrl);

async function shots(page: Page, testInfo: TestInfo, name: string) {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    const path = SHOTS ? `${SHOTS}/vbank-owed-${name}-${size}.png` : testInfo.outputPath(`${name}-${size}.png`);
    await page.screenshot({ path, fullPage: true });
  }
  await page.setViewportSize(SIZES[0][1]);
}

const deposit = (impUid: string) =>
  fetch(`${emulatorUrl}/__emulator/api/vbanks/${encodeURIComponent(impUid)}/deposit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ depositor_name: '김하늘' }),
  });

test('가상계좌: a second deposit is owed back, shown on the order page, refunded once to the account given', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const person = await signUp(page);
  await page.goto('/products/drip-bag-20?window=layer');
  await fillOrderSheet(page);
  await page.getByRole('radio', { name: '가상계좌' }).check();
  await page.getByRole('button', { name: '가상계좌 발급받기' }).click();
  const window = paymentLayer(page);
  await window.getByLabel('입금 은행').selectOption({ label: 'KB국민은행' });
  await window.getByRole('button', { name: '가상계좌 발급받기' }).click();
  const accountNumber = (await page.getByLabel('입금 계좌').locator('.card-number').innerText()).trim();
  const first = (await emulator.payments()).find((p) => p.vbank_num === accountNumber);
  if (!first) throw new Error('no payment for the account');

  // A second account under the same order number (as a second window would issue), both deposited.
  const second = await emulator.rest<{ imp_uid: string }>('POST', '/vbanks', {
    merchant_uid: first.merchant_uid,
    amount: first.amount,
    vbank_code: '004',
    vbank_due: (await emulator.now()) + 86_400,
  });
  const secondUid = second.body.response?.imp_uid ?? '';
  expect((await deposit(first.imp_uid)).status).toBe(200);
  expect((await deposit(secondUid)).status).toBe(200);
  const owedMail = await mailTo(person.email, '환불 계좌를 알려 주세요');
  expect(owedMail.text).toContain('이미 처리된 주문의 중복 결제');

  // The console lists it waiting for an account; a refunder may give one there.
  const ops = await (await browser.newContext()).newPage();
  await signInOperatorAnyhow(ops);
  await ops.goto('/ops/owed-refunds?state=owed');
  await expect(ops.getByRole('table', { name: '돌려줄 돈' })).toBeVisible();
  await ops.getByRole('button', { name: '환불 계좌 입력' }).first().click();
  await expect(ops.getByRole('form', { name: '돌려줄 돈 환불' })).toBeVisible();
  await shots(ops, testInfo, 'console');

  await page.getByRole('link', { name: '주문 상세 보기' }).click();
  await expect(page.getByRole('heading', { name: '돌려드릴 금액' })).toBeVisible();
  await expect(page.getByText('환불 계좌를 기다리고 있습니다')).toBeVisible();
  await shots(page, testInfo, 'order-owed');

  const refundAccount = '12345678901234';
  const form = page.getByRole('form', { name: '환불 계좌 입력' });
  await form.getByLabel('은행').selectOption({ label: 'KB국민은행' });
  await form.getByLabel('예금주').fill(accountHolder({ bank_code: '004', bank_num: refundAccount }).bank_holder);
  await form.getByLabel('계좌번호').fill(refundAccount);
  await form.getByRole('button', { name: '환불 계좌 등록' }).click();
  await expect(page.getByText('환불했습니다').first()).toBeVisible();
  await shots(page, testInfo, 'order-refunded');
  const service = (await emulator.payments()).find((p) => p.imp_uid === secondUid);
  expect(service).toMatchObject({ status: 'cancelled', cancel_amount: first.amount });
  expect(service?.cancel_history).toHaveLength(1);

  await ops.goto('/ops/owed-refunds?state=refunded');
  await expect(ops.getByRole('table', { name: '돌려줄 돈' }).getByText('환불 완료').first()).toBeVisible();
});
