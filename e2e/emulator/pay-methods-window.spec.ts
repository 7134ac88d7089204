// Each way to pay in the emulator's payment window, in Chromium on a desktop and on a phone:
// the wallets' approval screens (approve, decline, close, register a billing key), 계좌이체's bank
// choice, 휴대폰 소액결제's carrier, number and one-time code, 가상계좌's bank. Outcomes are read
// back over the REST API. SHOTS_DIR: also keep each window's screenshot there.
import path from 'node:path';
import { expect, type FrameLocator, type Page, type TestInfo, test } from '@playwright/test';
import type { BillingKeyWire, PaymentWire } from '../../emulator/client/types';
import { callbackRsp, emulator, layer, openPlayground, run, uid } from './playground';

const paymentOf = async (impUid: unknown) =>
  (await emulator.rest<PaymentWire>('GET', `/payments/${impUid}`)).body.response;

const DEVICES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
};

const WALLETS = [
  ['kakaopay', '카카오페이'],
  ['naverpay', '네이버페이'],
  ['tosspay', '토스페이'],
] as const;

for (const [device, viewport] of Object.entries(DEVICES)) {
  test.describe(`${device} (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport, isMobile: device === 'phone', hasTouch: device === 'phone' });

    const shot = (page: Page, testInfo: TestInfo, name: string) =>
      page.screenshot({
        path: process.env.SHOTS_DIR
          ? path.join(process.env.SHOTS_DIR, `${device}-${name}.png`)
          : testInfo.outputPath(`${name}.png`),
      });

    /** Opens a payment window (a layer over the playground) with these params. */
    const payWindow = async (page: Page, params: Record<string, unknown>): Promise<FrameLocator> => {
      await openPlayground(page);
      await run(page, 'payment', { amount: 15_000, name: '드립백 세트', ...params });
      return layer(page, 'payment');
    };

    for (const [pg, name] of WALLETS) {
      test(`${name}: the wallet's approval screen pays`, async ({ page }, testInfo) => {
        const merchant_uid = uid(pg);
        const window = await payWindow(page, { merchant_uid, pg, pay_method: 'card', buyer_tel: '010-2345-6789' });
        await expect(window.getByRole('heading', { name: `${name} 결제` })).toBeVisible();
        await expect(window.getByLabel('휴대폰 번호')).toHaveValue('010-2345-6789');
        await expect(window.getByText('15,000원')).toBeVisible();
        await shot(page, testInfo, `wallet-${pg}`);
        await window.getByRole('button', { name: '결제 승인' }).click();

        const rsp = await callbackRsp(page);
        expect(rsp).toMatchObject({ success: true, merchant_uid, pay_method: 'point', pg_provider: pg });
        expect(await paymentOf(rsp.imp_uid)).toMatchObject({
          status: 'paid',
          amount: 15_000,
          pay_method: 'point',
          pg_provider: pg,
          card_number: null,
        });
      });
    }

    test('a wallet that declines, and one closed with 취소', async ({ page }, testInfo) => {
      const declined = await payWindow(page, { merchant_uid: uid('decline'), pg: 'kakaopay' });
      await declined.getByLabel('휴대폰 번호').fill('010-4000-0002');
      await shot(page, testInfo, 'wallet-declining-number');
      await declined.getByRole('button', { name: '결제 승인' }).click();
      // The layer goes away with the result; the callback has the reason.
      const rsp = await callbackRsp(page);
      expect(rsp).toMatchObject({
        success: false,
        error_code: 'WALLET_DECLINED',
        error_msg: '간편결제 승인 거절 (잔액 부족)',
        status: 'failed',
      });
      expect(await paymentOf(rsp.imp_uid)).toMatchObject({
        status: 'failed',
        fail_reason: '간편결제 승인 거절 (잔액 부족)',
      });

      const merchant_uid = uid('close');
      const closed = await payWindow(page, { merchant_uid, pg: 'tosspay' });
      await closed.getByRole('button', { name: '취소' }).click();
      expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'USER_CANCEL', imp_uid: null });
      expect((await emulator.rest('GET', `/payments/find/${merchant_uid}`)).status).toBe(404);
    });

    test('a wallet registered for a subscription: the key names it, again charges it', async ({ page }, testInfo) => {
      const customer_uid = uid('cust');
      const window = await payWindow(page, { merchant_uid: uid('issue'), amount: 0, pg: 'naverpay', customer_uid });
      await expect(window.getByRole('heading', { name: '네이버페이 등록' })).toBeVisible();
      await shot(page, testInfo, 'wallet-register');
      await window.getByRole('button', { name: '등록 승인' }).click();
      expect(await callbackRsp(page)).toMatchObject({ success: true, customer_uid, paid_amount: 0 });

      const key = await emulator.rest<BillingKeyWire>('GET', `/subscribe/customers/${customer_uid}`);
      expect(key.body.response).toMatchObject({ pg_provider: 'naverpay', card_name: '네이버페이', card_number: null });
      const again = await emulator.rest<PaymentWire>('POST', '/subscribe/payments/again', {
        customer_uid,
        merchant_uid: uid('again'),
        amount: 9900,
        name: '월 구독',
      });
      expect(again.body.response).toMatchObject({ status: 'paid', pay_method: 'point', pg_provider: 'naverpay' });
    });

    test('계좌이체: the bank chosen pays at once; 대구은행 is under maintenance', async ({ page }, testInfo) => {
      const merchant_uid = uid('trans');
      const window = await payWindow(page, { merchant_uid, pg: 'html5_inicis', pay_method: 'trans' });
      await expect(window.getByRole('heading', { name: '실시간 계좌이체' })).toBeVisible();
      await window.getByLabel('은행').selectOption({ label: '신한은행' });
      await shot(page, testInfo, 'trans');
      await window.getByRole('button', { name: '이체하기' }).click();
      const rsp = await callbackRsp(page);
      expect(rsp).toMatchObject({ success: true, merchant_uid, pay_method: 'trans', bank_name: '신한은행' });
      expect(await paymentOf(rsp.imp_uid)).toMatchObject({ status: 'paid', bank_code: '088', bank_name: '신한은행' });

      const down = await payWindow(page, { merchant_uid: uid('trans'), pay_method: 'trans' });
      await down.getByLabel('은행').selectOption('031');
      await down.getByRole('button', { name: '이체하기' }).click();
      expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'BANK_MAINTENANCE' });
    });

    test('휴대폰 소액결제: carrier and number, the one-time code (a wrong one first), paid', async ({
      page,
    }, testInfo) => {
      const merchant_uid = uid('phone');
      const window = await payWindow(page, {
        merchant_uid,
        pg: 'danal',
        pay_method: 'phone',
        buyer_tel: '010-3456-7890',
      });
      await expect(window.getByRole('heading', { name: '휴대폰 결제' })).toBeVisible();
      await expect(window.getByLabel('휴대폰 번호')).toHaveValue('010-3456-7890');
      await window.getByLabel('통신사').selectOption({ label: 'KT 알뜰폰' });
      await shot(page, testInfo, 'phone-1-number');
      await window.getByRole('button', { name: '인증번호 받기' }).click();

      await expect(window.getByText('테스트 인증번호: 123456')).toBeVisible();
      await window.getByLabel('인증번호').fill('000000');
      await window.getByRole('button', { name: '결제하기' }).click();
      await expect(window.getByRole('alert')).toContainText('인증번호가 일치하지 않습니다.');
      await shot(page, testInfo, 'phone-2-code');
      await window.getByLabel('인증번호').fill('123456');
      await window.getByRole('button', { name: '결제하기' }).click();

      const rsp = await callbackRsp(page);
      expect(rsp).toMatchObject({ success: true, merchant_uid, pay_method: 'phone', pg_provider: 'danal' });
      expect(await paymentOf(rsp.imp_uid)).toMatchObject({ status: 'paid', pay_method: 'phone', amount: 15_000 });
    });

    test('휴대폰 소액결제 over the monthly limit fails after the code', async ({ page }) => {
      const window = await payWindow(page, { merchant_uid: uid('phone'), pay_method: 'phone' });
      await window.getByLabel('통신사').selectOption('SKT');
      await window.getByLabel('휴대폰 번호').fill('010-4000-9987');
      await window.getByRole('button', { name: '인증번호 받기' }).click();
      await window.getByLabel('인증번호').fill('123456');
      await window.getByRole('button', { name: '결제하기' }).click();
      expect(await callbackRsp(page)).toMatchObject({
        success: false,
        error_code: 'PHONE_LIMIT_EXCEEDED',
        error_msg: '휴대폰 결제 월 한도 초과',
      });
    });

    test('가상계좌: the bank chosen, an account issued', async ({ page }, testInfo) => {
      const merchant_uid = uid('vbank');
      const window = await payWindow(page, { merchant_uid, pay_method: 'vbank' });
      await window.getByLabel('입금 은행').selectOption({ label: 'KB국민은행' });
      await shot(page, testInfo, 'vbank');
      await window.getByRole('button', { name: '가상계좌 발급받기' }).click();
      expect(await callbackRsp(page)).toMatchObject({ success: true, status: 'ready', vbank_name: 'KB국민은행' });
    });

    test('a card, for comparison (the window as before)', async ({ page }, testInfo) => {
      const window = await payWindow(page, { merchant_uid: uid('card') });
      await expect(window.getByLabel('카드번호')).toBeVisible();
      await shot(page, testInfo, 'card');
    });
  });
}
