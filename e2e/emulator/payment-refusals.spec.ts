// Requests the service refuses before any payment window opens: a pre-registered amount that
// differs, an order already paid, bad params. The callback says why; nothing is recorded.
import { expect, test } from '@playwright/test';
import { cardFields } from '../../test/emulator/kit';
import { callbackRsp, emulator, openPlayground, run, shot, uid } from './playground';

test('a merchant_uid pre-registered with another amount is refused before the window opens', async ({
  page,
}, testInfo) => {
  const merchant_uid = uid('prepared');
  const prepared = await emulator.rest('POST', '/payments/prepare', { merchant_uid, amount: 5000 });
  expect(prepared.body.code).toBe(0);
  await openPlayground(page);
  await run(page, 'payment', { merchant_uid, amount: 1000 });

  const rsp = await callbackRsp(page);
  await shot(page, testInfo, 'amount-mismatch');
  expect(rsp).toMatchObject({ success: false, error_code: 'AMOUNT_MISMATCH', imp_uid: null, merchant_uid });
  expect(rsp.error_msg).toContain('5000');
  await expect(page.locator('iframe')).toHaveCount(0);
  expect((await emulator.rest('GET', `/payments/find/${merchant_uid}`)).status).toBe(404);
});

test('an order already paid is refused before the window opens', async ({ page }) => {
  const merchant_uid = uid('paid');
  const first = await emulator.completeWindowPayment({ merchant_uid, amount: 2000, ...cardFields() });
  expect(first.rsp.success).toBe(true);
  await openPlayground(page);
  await run(page, 'payment', { merchant_uid, amount: 2000 });

  expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'ALREADY_PAID', imp_uid: null });
  await expect(page.locator('iframe')).toHaveCount(0);
  const payments = (await emulator.payments()).filter((p) => p.merchant_uid === merchant_uid);
  expect(payments).toHaveLength(1);
});

test('bad params and an unknown merchant code answer the callback with the reason', async ({ page }) => {
  await openPlayground(page);
  await run(page, 'payment', { merchant_uid: uid('bad'), name: '금액 없음' });
  expect(await callbackRsp(page)).toMatchObject({
    success: false,
    error_code: 'INVALID_PARAM',
    error_msg: 'amount: 필수 항목입니다.',
  });
  await run(page, 'payment', { merchant_uid: uid('bad'), amount: 1000 }, 'imp99999999');
  expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'UNKNOWN_MERCHANT' });
  await expect(page.locator('iframe')).toHaveCount(0);
});
