// The hosted payment window over HTTP (the browser flows are in e2e/emulator): opening with the
// checks that refuse before any window, the form, bad input, one completion only, redirect mode.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '@/test/emulator/kit';
import { CARD, openWindow, resultOf, SHOP, submit, windowUrl } from '@/test/emulator/window-http';

describe('payment window', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ clock: { start: new Date('2026-03-01T00:00:00Z'), frozen: true } });
  });
  afterAll(() => emulator.close());
  const paymentsOf = async (merchantUid: string) =>
    (await emulator.payments()).filter((p) => p.merchant_uid === merchantUid);

  it('opens for any page (CORS), shows the order escaped, re-shows bad input, completes once', async () => {
    const { res, answer } = await openWindow(emulator.url, 'payment', {
      merchant_uid: 'w-1',
      amount: 1500,
      name: '<img src=x onerror=alert(1)>',
    });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const url = windowUrl(answer);
    const form = await (await fetch(url)).text();
    expect(form).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(form).not.toContain('<img');

    const bad = await submit(url, { ...CARD, card_number: '4242-4242-4242-4241' });
    expect(bad.status).toBe(400);
    const again = await bad.text();
    expect(again).toContain('<ul><li>카드번호: 유효하지 않은 카드번호입니다.</li></ul>');
    expect(again).toContain('입력 내용을 확인해 주세요 (1건)');
    expect(again).toContain('value="12/99"');
    expect(again).not.toContain('value="12"'); // the card password is never echoed
    expect(await paymentsOf('w-1')).toEqual([]);

    const done = await submit(url, CARD);
    const message = resultOf(await done.text());
    expect(message).toMatchObject({ source: 'iamport-emulator', type: 'result', target_origin: SHOP, mode: 'layer' });
    expect(message.rsp).toMatchObject({ success: true, merchant_uid: 'w-1', paid_amount: 1500 });
    expect((await submit(url, CARD)).status).toBe(410);
    expect((await paymentsOf('w-1')).map((p) => [p.imp_uid, p.status])).toEqual([[message.rsp.imp_uid, 'paid']]);
  });

  it('refuses before opening: pre-registered amount, order already paid, bad params, unknown merchant', async () => {
    await emulator.rest('POST', '/payments/prepare', { merchant_uid: 'w-prep', amount: 5000 });
    const mismatch = await openWindow(emulator.url, 'payment', { merchant_uid: 'w-prep', amount: 4000 });
    expect(mismatch.answer).toMatchObject({ ok: false, rsp: { error_code: 'AMOUNT_MISMATCH', imp_uid: null } });
    expect((await openWindow(emulator.url, 'payment', { merchant_uid: 'w-prep', amount: 5000 })).answer.ok).toBe(true);

    await emulator.completeWindowPayment({ merchant_uid: 'w-paid', amount: 100, ...CARD, expiry: '2099-12' });
    const paid = await openWindow(emulator.url, 'payment', { merchant_uid: 'w-paid', amount: 100 });
    expect(paid.answer).toMatchObject({ ok: false, rsp: { error_code: 'ALREADY_PAID' } });

    const bad = await openWindow(emulator.url, 'payment', { merchant_uid: 'w-bad', amount: -1 });
    expect(bad.answer).toMatchObject({
      ok: false,
      rsp: { error_code: 'INVALID_PARAM', error_msg: 'amount: 0보다 커야 합니다.' },
    });
    const params = { merchant_uid: 'w-bad', amount: 1, pay_method: 'vbank', vbank_due: '20200101' };
    const vbank = await openWindow(emulator.url, 'payment', params);
    expect(vbank.answer).toMatchObject({ ok: false, rsp: { error_code: 'INVALID_PARAM' } });
    expect((vbank.answer as { rsp: { error_msg: string } }).rsp.error_msg).toMatch(/^vbank_due: /);
    const stranger = await openWindow(
      emulator.url,
      'payment',
      { merchant_uid: 'w-x', amount: 1 },
      { merchant_code: 'imp12121212' },
    );
    expect(stranger.answer).toMatchObject({ ok: false, rsp: { error_code: 'UNKNOWN_MERCHANT', merchant_uid: 'w-x' } });
    const garbage = await fetch(`${emulator.url}/__emulator/windows`, { method: 'POST', body: '{not json' });
    expect(await garbage.json()).toMatchObject({ ok: false, rsp: { error_code: 'INVALID_PARAM' } });
  });

  it('card data in the params is ignored: the tester types it in the window', async () => {
    const declined = { ...CARD, card_number: '4000-0000-0000-0002' };
    const url = windowUrl(
      (await openWindow(emulator.url, 'payment', { merchant_uid: 'w-card', amount: 10, ...declined })).answer,
    );
    expect(resultOf(await (await submit(url, CARD)).text()).rsp).toMatchObject({ success: true });
  });

  it('billing-key issuance: amount 0 shows a registration form and issues the key only', async () => {
    const url = windowUrl(
      (await openWindow(emulator.url, 'payment', { merchant_uid: 'w-key', amount: 0, customer_uid: 'c-w' })).answer,
    );
    expect(await (await fetch(url)).text()).toContain('카드 등록하기');
    const { rsp } = resultOf(await (await submit(url, CARD)).text());
    expect(rsp).toMatchObject({ success: true, customer_uid: 'c-w', paid_amount: 0 });
    expect((await emulator.billingKeys()).map((k) => k.customer_uid)).toContain('c-w');
  });

  it('redirect mode: 303 to m_redirect_url with its own query kept; a refusal names where to go too', async () => {
    const params = { merchant_uid: 'w-redirect', amount: 700, m_redirect_url: `${SHOP}/done?order=7#top` };
    const url = windowUrl((await openWindow(emulator.url, 'payment', params, { mode: 'redirect' })).answer);
    const done = await submit(url, CARD);
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}${back.hash}`).toBe(`${SHOP}/done#top`);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      order: '7',
      merchant_uid: 'w-redirect',
      imp_success: 'true',
    });
    expect(back.searchParams.get('imp_uid')).toMatch(/^imp_\d{12}$/);

    const refused = await openWindow(emulator.url, 'payment', params, { mode: 'redirect' });
    expect(refused.answer.ok).toBe(false);
    const target = new URL((!refused.answer.ok && refused.answer.redirect_url) || '');
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      imp_success: 'false',
      error_code: 'ALREADY_PAID',
      order: '7',
    });

    const scripted = await openWindow(
      emulator.url,
      'payment',
      { ...params, m_redirect_url: 'javascript:alert(1)' },
      { mode: 'redirect' },
    );
    expect(scripted.answer).toMatchObject({
      ok: false,
      rsp: { error_msg: 'm_redirect_url: http(s) URL이어야 합니다.' },
    });
  });

  it('cancel ends the window with success false; a file:// page (origin "null") is answered with "*"', async () => {
    const url = windowUrl(
      (
        await openWindow(
          emulator.url,
          'payment',
          { merchant_uid: 'w-cancel', amount: 1 },
          { origin: 'null', page_url: 'file:///shop.html' },
        )
      ).answer,
    );
    const message = resultOf(await (await submit(url, { action: 'cancel' })).text());
    expect(message.target_origin).toBe('*');
    expect(message.rsp).toEqual({
      success: false,
      error_code: 'USER_CANCEL',
      error_msg: '사용자가 결제를 취소하셨습니다',
      imp_uid: null,
      merchant_uid: 'w-cancel',
    });
    expect(await paymentsOf('w-cancel')).toEqual([]);
  });

  it("lists every problem of the form at once, and shows the merchant's display name", async () => {
    await emulator.upsertMerchant({ code: 'imp00000000', name: '임프 커피' });
    try {
      const url = windowUrl((await openWindow(emulator.url, 'payment', { merchant_uid: 'w-all', amount: 100 })).answer);
      expect(await (await fetch(url)).text()).toContain('<dt>가맹점</dt><dd>임프 커피</dd>');
      const bad = await submit(url, { card_number: '4242', expiry: '13/99', birth: '991332', pwd_2digit: 'x' });
      expect(bad.status).toBe(400);
      const items = [...(await bad.text()).matchAll(/<li>([^<]*)<\/li>/g)].map((m) => m[1]?.split(':')[0]);
      expect(items).toEqual(['카드번호', '유효기간', '생년월일', '카드 비밀번호']);
    } finally {
      expect(await emulator.upsertMerchant({ code: 'imp00000000', name: '' })).not.toHaveProperty('name');
    }
  });
});
