// IMP.request_pay in Chromium against the e2e emulator: the hosted payment window as a layer and
// as a popup, approved and declined cards, billing-key issuance; results read back over the API.
import { expect, test } from '@playwright/test';
import type { BillingKeyWire, PaymentWire } from '../../emulator/client/types';
import { TEST_CARDS } from '../../emulator/core/service/test-cards';
import { callbackRsp, emulator, layer, openPlayground, payWithCard, run, shot, uid } from './playground';

const paymentOf = async (impUid: unknown) =>
  (await emulator.rest<PaymentWire>('GET', `/payments/${impUid}`)).body.response;

test('an approved card in the layer: paid, the callback gets imp_uid, the layer goes away', async ({
  page,
}, testInfo) => {
  await openPlayground(page);
  // The page (localhost) and the script and its windows (127.0.0.1) are different origins.
  expect(new URL(page.url()).hostname).toBe('localhost');
  await expect(page.locator('code')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/v1\/iamport\.js$/);
  const merchant_uid = uid('order');
  await run(page, 'payment', { merchant_uid, amount: 15000, name: '티셔츠', buyer_name: '홍길동' });
  const window = layer(page, 'payment');
  await expect(window.getByRole('heading', { name: '결제' })).toBeVisible();
  await expect(window.getByText('15,000원')).toBeVisible();
  await shot(page, testInfo, '1-payment-layer');
  await payWithCard(window, TEST_CARDS.approved);

  const rsp = await callbackRsp(page);
  await shot(page, testInfo, '2-callback');
  expect(rsp).toMatchObject({ success: true, merchant_uid, paid_amount: 15000, status: 'paid', name: '티셔츠' });
  await expect(page.locator('iframe')).toHaveCount(0);
  const payment = await paymentOf(rsp.imp_uid);
  expect(payment).toMatchObject({
    merchant_uid,
    amount: 15000,
    status: 'paid',
    channel: 'pc',
    pay_method: 'card',
    card_number: '4242-42**-****-4242',
    buyer_name: '홍길동',
    customer_uid_usage: null,
  });
  expect(payment?.user_agent).toContain('Chrome');
});

test("the window names the merchant, lists every problem of the card form at once, then pays once they're fixed", async ({
  page,
}, testInfo) => {
  await openPlayground(page);
  const merchant_uid = uid('order');
  await run(page, 'payment', { merchant_uid, amount: 3000, name: '엽서' });
  const window = layer(page, 'payment');
  // The app's shop name (emulator/main.ts), not the merchant code.
  await expect(window.getByRole('definition').first()).toHaveText('임프 상점');
  await window.getByLabel('카드번호').fill('4242-4242');
  await window.getByLabel('유효기간').fill('13/99');
  await window.getByRole('button', { name: '결제하기' }).click();
  await expect(window.getByRole('alert').getByRole('listitem')).toHaveText([
    /^카드번호: /,
    /^유효기간: /,
    // Birth and password are optional in the window; a malformed one is listed with the rest.
  ]);
  await window.getByLabel('생년월일').fill('99133');
  await window.getByRole('button', { name: '결제하기' }).click();
  await expect(window.getByRole('alert').getByRole('listitem')).toHaveText([
    /^카드번호: /,
    /^유효기간: /,
    /^생년월일: /,
  ]);
  await shot(page, testInfo, 'all-problems');
  await expect(page.locator('#rsp')).toHaveAttribute('data-state', 'waiting');
  await payWithCard(window, TEST_CARDS.approved);
  expect(await callbackRsp(page)).toMatchObject({ success: true, merchant_uid });
});

test('a declined card: success false with the reason, a failed payment on record', async ({ page }, testInfo) => {
  await openPlayground(page);
  const merchant_uid = uid('order');
  await run(page, 'payment', { merchant_uid, amount: 5000, name: '머그컵' });
  await payWithCard(layer(page, 'payment'), TEST_CARDS.insufficientBalance);

  const rsp = await callbackRsp(page);
  await shot(page, testInfo, 'declined-callback');
  expect(rsp).toMatchObject({ success: false, error_code: 'CARD_DECLINED', error_msg: '잔액부족', status: 'failed' });
  expect(await paymentOf(rsp.imp_uid)).toMatchObject({ merchant_uid, status: 'failed', fail_reason: '잔액부족' });
});

test('billing-key issuance with customer_uid and amount 0: a key the server can charge', async ({ page }, testInfo) => {
  await openPlayground(page);
  const customer_uid = uid('cust');
  await run(page, 'payment', {
    merchant_uid: uid('issue'),
    amount: 0,
    customer_uid,
    name: '카드 등록',
    buyer_name: '김영희',
  });
  const window = layer(page, 'payment');
  await expect(window.getByRole('heading', { name: '카드 등록' })).toBeVisible();
  await shot(page, testInfo, '1-card-registration');
  await payWithCard(window, TEST_CARDS.approved, '카드 등록하기');

  const rsp = await callbackRsp(page);
  expect(rsp).toMatchObject({ success: true, customer_uid, paid_amount: 0 });
  const key = await emulator.rest<BillingKeyWire>('GET', `/subscribe/customers/${customer_uid}`);
  expect(key.body.response).toMatchObject({
    customer_uid,
    card_number: '4242-42**-****-4242',
    customer_name: '김영희',
  });
  expect(await paymentOf(rsp.imp_uid)).toMatchObject({ customer_uid, customer_uid_usage: 'issue', amount: 0 });
  const again = await emulator.rest<PaymentWire>('POST', '/subscribe/payments/again', {
    customer_uid,
    merchant_uid: uid('again'),
    amount: 9900,
    name: '월 구독',
  });
  expect(again.body.response).toMatchObject({ status: 'paid', amount: 9900, customer_uid_usage: 'payment' });
});

test('pay_method vbank: the customer picks a bank, the callback gets the account, a deposit pays it', async ({
  page,
}, testInfo) => {
  await openPlayground(page);
  const merchant_uid = uid('vbank');
  await run(page, 'payment', { merchant_uid, amount: 23_000, pay_method: 'vbank', name: '원두 1kg' });
  const window = layer(page, 'payment');
  await window.getByRole('button', { name: '가상계좌 발급받기' }).click();
  await expect(window.getByRole('alert')).toContainText('입금 은행: 필수 항목입니다.');
  await window.getByLabel('입금 은행').selectOption({ label: '신한은행' });
  await shot(page, testInfo, '1-vbank-window');
  await window.getByRole('button', { name: '가상계좌 발급받기' }).click();

  const rsp = await callbackRsp(page);
  expect(rsp).toMatchObject({
    success: true,
    merchant_uid,
    status: 'ready',
    pay_method: 'vbank',
    vbank_name: '신한은행',
  });
  expect(rsp.vbank_num).toMatch(/^\d{14}$/);
  const { payment } = await emulator.deposit(String(rsp.imp_uid));
  expect(payment).toMatchObject({ status: 'paid', amount: 23_000, vbank_num: rsp.vbank_num });
});

test('popup mode: the window opens as a popup, which closes once the callback has the result', async ({
  page,
}, testInfo) => {
  await openPlayground(page);
  const merchant_uid = uid('order');
  const opened = page.waitForEvent('popup');
  await run(page, 'payment', { merchant_uid, amount: 3000, popup: true });
  const popup = await opened;
  await expect(popup.getByRole('heading', { name: '결제' })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  await shot(popup, testInfo, '1-popup');
  const closed = popup.waitForEvent('close');
  await payWithCard(popup, TEST_CARDS.approved);
  await closed;

  const rsp = await callbackRsp(page);
  expect(rsp).toMatchObject({ success: true, merchant_uid });
  expect(await paymentOf(rsp.imp_uid)).toMatchObject({ status: 'paid', amount: 3000 });
});

test('closing the popup is a cancel: success false, nothing recorded', async ({ page }) => {
  await openPlayground(page);
  const merchant_uid = uid('order');
  const opened = page.waitForEvent('popup');
  await run(page, 'payment', { merchant_uid, amount: 3000, popup: true });
  const popup = await opened;
  await expect(popup.getByLabel('카드번호')).toBeVisible();
  await popup.close();

  expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'USER_CANCEL', imp_uid: null });
  expect((await emulator.rest('GET', `/payments/find/${merchant_uid}`)).status).toBe(404);
});

test('the cancel button in the layer: success false with the cancel message', async ({ page }) => {
  await openPlayground(page);
  await run(page, 'payment', { merchant_uid: uid('order'), amount: 3000 });
  await layer(page, 'payment').getByRole('button', { name: '취소' }).click();
  const rsp = await callbackRsp(page);
  expect(rsp).toMatchObject({ success: false, error_code: 'USER_CANCEL', error_msg: '사용자가 결제를 취소하셨습니다' });
  await expect(page.locator('iframe')).toHaveCount(0);
});

test("the layer's close button is a cancel too", async ({ page }) => {
  await openPlayground(page);
  await run(page, 'payment', { merchant_uid: uid('order'), amount: 3000 });
  await expect(layer(page, 'payment').getByLabel('카드번호')).toBeVisible();
  await page.getByRole('button', { name: '결제창 닫기' }).click();
  expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'USER_CANCEL' });
  await expect(page.locator('iframe')).toHaveCount(0);
});
