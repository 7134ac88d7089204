// IMP.certification in Chromium against the e2e emulator: the hosted certification window in a
// layer and a popup, min_age, cancel; the records read back over the control and REST APIs.
import { expect, test } from '@playwright/test';
import type { CertificationWire } from '../../emulator/client/types';
import { callbackRsp, emulator, layer, openPlayground, run, shot, uid } from './playground';

/** A birth date `years` years before the emulator's (virtual) today, as YYYY-MM-DD. */
async function bornYearsAgo(years: number): Promise<string> {
  const today = new Date(((await emulator.now()) + 9 * 3600) * 1000).toISOString().slice(0, 10);
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
}

const certificationOf = async (impUid: unknown) =>
  (await emulator.rest<CertificationWire>('GET', `/certifications/${impUid}`)).body.response;

test('certification in the layer: pre-filled from the params, certified, imp_uid to the callback', async ({
  page,
}, testInfo) => {
  const url = await openPlayground(page);
  const merchant_uid = uid('cert');
  await run(page, 'certification', {
    merchant_uid,
    name: '홍길동',
    phone: '010-2345-6789',
    carrier: 'SKT',
    min_age: 19,
  });
  const window = layer(page, 'certification');
  await expect(window.getByLabel('이름')).toHaveValue('홍길동');
  await expect(window.getByLabel('휴대폰 번호')).toHaveValue('01023456789');
  await expect(window.getByLabel('통신사').locator('option')).toHaveText(['SKT']);
  await expect(window.getByText('만 19세 이상만')).toBeVisible();
  await window.getByLabel('생년월일').fill('1990-03-15');
  await window.getByLabel('남성').check();
  await shot(page, testInfo, '1-certification-layer');
  await window.getByRole('button', { name: '인증하기' }).click();

  const rsp = await callbackRsp(page);
  await shot(page, testInfo, '2-callback');
  expect(rsp).toMatchObject({ success: true, merchant_uid, error_msg: null });
  await expect(page.locator('iframe')).toHaveCount(0);
  const record = await certificationOf(rsp.imp_uid);
  expect(record).toMatchObject({
    merchant_uid,
    name: '홍길동',
    birthday: '1990-03-15',
    gender: 'male',
    phone: '01023456789',
    carrier: 'SKT',
    certified: true,
    origin: url.toString(),
  });
  expect(record?.unique_key).toBeTruthy();
});

test('younger than min_age: success false with the reason, a record with certified false', async ({
  page,
}, testInfo) => {
  await openPlayground(page);
  await run(page, 'certification', { name: '김어린', min_age: 19 });
  const window = layer(page, 'certification');
  await window.getByLabel('생년월일').fill(await bornYearsAgo(15));
  await window.getByLabel('여성').check();
  await window.getByLabel('휴대폰 번호').fill('010-3456-7890');
  await window.getByLabel('통신사').selectOption('KT_MVNO');
  await window.getByRole('button', { name: '인증하기' }).click();

  const rsp = await callbackRsp(page);
  await shot(page, testInfo, 'under-age-callback');
  expect(rsp).toMatchObject({
    success: false,
    error_code: 'UNDER_MIN_AGE',
    error_msg: '만 19세 이상만 본인인증할 수 있습니다.',
  });
  expect(await certificationOf(rsp.imp_uid)).toMatchObject({ certified: false, certified_at: 0, carrier: 'KT_MVNO' });
});

test('bad input shows the form again with the problem; the window stays open', async ({ page }) => {
  await openPlayground(page);
  await run(page, 'certification', { name: '박입력' });
  const window = layer(page, 'certification');
  await window.getByRole('button', { name: '인증하기' }).click();
  // Every problem at once, in the form's order.
  await expect(window.getByRole('alert').getByRole('listitem')).toHaveText([
    '생년월일: 필수 항목입니다.',
    '성별: 필수 항목입니다.',
    '휴대폰 번호: 필수 항목입니다.',
    '통신사: 필수 항목입니다.',
  ]);
  await expect(window.getByLabel('이름')).toHaveValue('박입력');
  await expect(page.locator('#rsp')).toHaveAttribute('data-state', 'waiting');
});

test('cancel: success false, nothing recorded', async ({ page }, testInfo) => {
  await openPlayground(page);
  const merchant_uid = uid('cert');
  await run(page, 'certification', { merchant_uid, name: '이취소' });
  await layer(page, 'certification').getByRole('button', { name: '취소' }).click();

  const rsp = await callbackRsp(page);
  await shot(page, testInfo, 'cancel-callback');
  expect(rsp).toMatchObject({
    success: false,
    error_code: 'USER_CANCEL',
    error_msg: '사용자가 본인인증을 취소하셨습니다',
    imp_uid: null,
  });
  expect((await emulator.certifications()).filter((c) => c.merchant_uid === merchant_uid)).toEqual([]);
});

test('popup mode: the certification window opens as a popup', async ({ page }) => {
  await openPlayground(page);
  const opened = page.waitForEvent('popup');
  await run(page, 'certification', { name: '최팝업', phone: '010-4567-8901', popup: true });
  const popup = await opened;
  await popup.getByLabel('생년월일').fill('1985-12-01');
  await popup.getByLabel('여성').check();
  await popup.getByLabel('통신사').selectOption('LGT');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: '인증하기' }).click();
  await closed;

  const rsp = await callbackRsp(page);
  expect(rsp.success).toBe(true);
  expect(await certificationOf(rsp.imp_uid)).toMatchObject({ name: '최팝업', carrier: 'LGT', certified: true });
});

test('a popup closes itself when the page that opened it is closed', async ({ page, context }) => {
  await openPlayground(page);
  const opened = page.waitForEvent('popup');
  await run(page, 'certification', { name: '김고아', popup: true });
  const popup = await opened;
  await expect(popup.getByLabel('이름')).toHaveValue('김고아');
  const closed = popup.waitForEvent('close');
  await page.close();
  await closed;
  expect(context.pages()).toEqual([]);
});

test("the layer's close button stands out on the playground, and closing is a cancel", async ({ page }) => {
  await openPlayground(page);
  await run(page, 'certification', { name: '이닫기' });
  const close = page.getByRole('button', { name: '본인인증 창 닫기' });
  await expect(close).toBeVisible();
  await expect(close).toHaveCSS('color', 'rgb(17, 17, 17)');
  await expect(close).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await close.click();
  expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'USER_CANCEL' });
});
