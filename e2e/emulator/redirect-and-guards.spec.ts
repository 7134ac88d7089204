// m_redirect_url (mobile: the whole page goes to the window and comes back) and what the client
// script says when the page uses it wrongly: the old 1.1.8 snippet without jQuery (v1 needs none),
// no IMP.init, a forged result message.
import { devices, expect, type Page, test } from '@playwright/test';
import type { CertificationWire, PaymentWire } from '../../emulator/client/types';
import { TEST_CARDS } from '../../emulator/core/service/test-cards';
import { callbackRsp, emulator, layer, openPlayground, payWithCard, run, shot, uid } from './playground';

/** Calls IMP.request_pay from the page itself and resolves with the rsp its callback gets. */
const requestPay = (page: Page, params: Record<string, unknown>) =>
  page.evaluate(
    (p) =>
      new Promise((resolve) => {
        const imp = (window as unknown as { IMP: { request_pay(p: object, cb: (r: unknown) => void): void } }).IMP;
        imp.request_pay(p, resolve);
      }),
    params,
  );

test.describe('on a mobile browser', () => {
  const { defaultBrowserType: _, ...pixel } = devices['Pixel 7'];
  test.use(pixel);

  test('m_redirect_url: the page goes to the window and back with the outcome in its query', async ({
    page,
  }, testInfo) => {
    const playground = await openPlayground(page);
    const back = new URL(playground);
    back.searchParams.set('order', '42');
    const merchant_uid = uid('mobile');
    await run(page, 'payment', { merchant_uid, amount: 7000, name: '모바일 주문', m_redirect_url: back.toString() });
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await shot(page, testInfo, '1-full-page-window');
    await payWithCard(page, TEST_CARDS.approved);

    await expect(page).toHaveURL(/imp_success=true/);
    await shot(page, testInfo, '2-back-at-m_redirect_url');
    const query = new URL(page.url()).searchParams;
    expect(query.get('order')).toBe('42');
    expect(query.get('cross_origin')).toBe('1');
    expect(query.get('merchant_uid')).toBe(merchant_uid);
    expect(query.get('error_msg')).toBeNull();
    await expect(page.locator('#redirect-query')).toContainText(merchant_uid);
    const payment = await emulator.rest<PaymentWire>('GET', `/payments/${query.get('imp_uid')}`);
    expect(payment.body.response).toMatchObject({ merchant_uid, status: 'paid', channel: 'mobile', amount: 7000 });
  });

  test('IMP.certification with m_redirect_url: the page goes to the window and back with imp_uid', async ({
    page,
  }, testInfo) => {
    const playground = await openPlayground(page);
    const back = new URL(playground);
    back.searchParams.set('step', 'signup');
    const merchant_uid = uid('mcert');
    await run(page, 'certification', {
      merchant_uid,
      name: '정모바일',
      phone: '010-5678-9012',
      carrier: 'KT',
      m_redirect_url: back.toString(),
    });
    // The whole page, not a layer or a popup, is the certification window.
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await expect(page.getByLabel('이름')).toHaveValue('정모바일');
    await page.getByLabel('생년월일').fill('1992-07-20');
    await page.getByLabel('여성').check();
    await shot(page, testInfo, '1-full-page-certification');
    await page.getByRole('button', { name: '인증하기' }).click();

    await expect(page).toHaveURL(/imp_success=true/);
    await shot(page, testInfo, '2-back-at-m_redirect_url');
    const query = new URL(page.url()).searchParams;
    expect(new URL(page.url()).origin).toBe(back.origin);
    expect(query.get('step')).toBe('signup');
    expect(query.get('cross_origin')).toBe('1');
    expect(query.get('merchant_uid')).toBe(merchant_uid);
    expect(query.get('success')).toBe('true');
    expect(query.get('error_code')).toBeNull();
    const imp_uid = query.get('imp_uid');
    expect(imp_uid).toMatch(/^imp_/);
    await expect(page.locator('#redirect-query')).toContainText(merchant_uid);
    const record = await emulator.rest<CertificationWire>('GET', `/certifications/${imp_uid}`);
    expect(record.body.response).toMatchObject({
      imp_uid,
      merchant_uid,
      name: '정모바일',
      birthday: '1992-07-20',
      gender: 'female',
      phone: '01056789012',
      carrier: 'KT',
      certified: true,
    });
  });

  test('IMP.certification with m_redirect_url, cancelled: back with imp_success=false and nothing recorded', async ({
    page,
  }) => {
    const playground = await openPlayground(page);
    const merchant_uid = uid('mcert');
    await run(page, 'certification', { merchant_uid, name: '정취소', m_redirect_url: playground.toString() });
    await expect(page).toHaveURL(/\/__emulator\/windows\//);
    await page.getByRole('button', { name: '취소' }).click();
    await expect(page).toHaveURL(/imp_success=false/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('merchant_uid')).toBe(merchant_uid);
    expect(query.get('error_code')).toBe('USER_CANCEL');
    expect(query.get('error_msg')).toBe('사용자가 본인인증을 취소하셨습니다');
    expect(query.get('imp_uid')).toBeNull();
    expect((await emulator.certifications()).filter((c) => c.merchant_uid === merchant_uid)).toEqual([]);
  });

  test('m_redirect_url after a cancel: imp_success=false with error_code and error_msg', async ({ page }) => {
    const playground = await openPlayground(page);
    await run(page, 'payment', { merchant_uid: uid('mobile'), amount: 7000, m_redirect_url: playground.toString() });
    await page.getByRole('button', { name: '취소' }).click();
    await expect(page).toHaveURL(/imp_success=false/);
    const query = new URL(page.url()).searchParams;
    expect(query.get('error_code')).toBe('USER_CANCEL');
    expect(query.get('error_msg')).toBe('사용자가 결제를 취소하셨습니다');
    expect(query.get('imp_uid')).toBeNull();
  });
});

test('/v1/iamport.js needs no jQuery: a payment window opens and pays on a page without it', async ({ page }) => {
  await openPlayground(page);
  expect(await page.evaluate(() => 'jQuery' in window)).toBe(false);
  const merchant_uid = uid('v1');
  await run(page, 'payment', { merchant_uid, amount: 1200 });
  await payWithCard(layer(page, 'payment'), TEST_CARDS.approved);
  expect(await callbackRsp(page)).toMatchObject({ success: true, merchant_uid, status: 'paid' });
});

test('the old 1.1.8 snippet with jQuery loaded first opens a window and pays', async ({ page }) => {
  await openPlayground(page, { oldSnippet: true });
  await expect(page.locator('#jquery-version')).toHaveText('3.7.1');
  const merchant_uid = uid('old');
  await run(page, 'payment', { merchant_uid, amount: 1300 });
  await payWithCard(layer(page, 'payment'), TEST_CARDS.approved);
  expect(await callbackRsp(page)).toMatchObject({ success: true, merchant_uid, status: 'paid' });
});

test('the old 1.1.8 snippet without jQuery: the callback and the console say jQuery is needed; no window opens', async ({
  page,
}, testInfo) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await openPlayground(page, { oldSnippet: true, jquery: false });
  await expect(page.locator('#jquery-version')).toHaveText('없음');
  await run(page, 'payment', { merchant_uid: uid('nojq'), amount: 1000 });

  const rsp = await callbackRsp(page);
  await shot(page, testInfo, 'missing-jquery');
  expect(rsp).toMatchObject({ success: false, error_code: 'JQUERY_MISSING' });
  expect(rsp.error_msg).toContain('jQuery 1.0 이상이 필요합니다');
  expect(errors.some((e) => e.includes('jQuery 1.0 이상이 필요합니다'))).toBe(true);
  await run(page, 'certification', {});
  expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'JQUERY_MISSING' });
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('before IMP.init: the callback is told to call it first', async ({ page }) => {
  await openPlayground(page);
  expect(await requestPay(page, { merchant_uid: 'x', amount: 1 })).toMatchObject({
    success: false,
    error_code: 'NOT_INITIALIZED',
    merchant_uid: 'x',
  });
});

test('a result message that does not come from the window is ignored', async ({ page }) => {
  await openPlayground(page);
  await run(page, 'payment', { merchant_uid: uid('forged'), amount: 1000 });
  const frame = layer(page, 'payment');
  await expect(frame.getByLabel('카드번호')).toBeVisible();
  await page.evaluate(() => {
    const rsp = { success: true, imp_uid: 'imp_000000000000' };
    for (const frame of document.querySelectorAll('iframe')) {
      const session = new URL(frame.src).pathname.split('/').pop();
      window.postMessage({ source: 'iamport-emulator', type: 'result', session, rsp }, '*');
    }
  });
  await page.waitForTimeout(300);
  await expect(page.locator('#rsp')).toHaveAttribute('data-state', 'waiting');
  await frame.getByRole('button', { name: '취소' }).click();
  expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'USER_CANCEL' });
});

test('a second call while a window is open is refused; the open one carries on', async ({ page }) => {
  await openPlayground(page);
  await run(page, 'payment', { merchant_uid: uid('first'), amount: 1000 });
  await expect(layer(page, 'payment').getByLabel('카드번호')).toBeVisible();
  expect(await requestPay(page, { merchant_uid: 'second', amount: 1 })).toMatchObject({
    success: false,
    error_code: 'IN_PROGRESS',
  });
  await payWithCard(layer(page, 'payment'), TEST_CARDS.approved);
  expect(await callbackRsp(page)).toMatchObject({ success: true });
});

test('the emulator unreachable: the callback says so instead of hanging', async ({ page }) => {
  await openPlayground(page);
  // The one mocked step: the browser's request to open a window fails at the network level.
  await page.route('**/__emulator/windows', (route) => route.abort('connectionrefused'));
  await run(page, 'payment', { merchant_uid: uid('offline'), amount: 1000 });
  expect(await callbackRsp(page)).toMatchObject({ success: false, error_code: 'NETWORK_ERROR', imp_uid: null });
});
