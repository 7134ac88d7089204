// The hosted payment window for each method over HTTP (the browser flows: e2e/emulator/
// pay-methods-window.spec.ts): a wallet's approval (approve, decline, close, register), a
// transfer's bank choice, a phone payment's two posts with the one-time code, and what each
// leaves on record. The outcomes themselves are pay-methods.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEmulator, type TestEmulator } from '@/test/emulator/kit';
import { openWindow, resultOf, submit, windowUrl } from '@/test/emulator/window-http';

describe('payment window by method', () => {
  let emulator: TestEmulator;
  beforeAll(async () => {
    emulator = await startTestEmulator({ clock: { start: new Date('2026-03-01T00:00:00Z'), frozen: true } });
  });
  afterAll(() => emulator.close());
  const paymentsOf = async (merchantUid: string) =>
    (await emulator.payments()).filter((p) => p.merchant_uid === merchantUid);
  const open = async (params: Record<string, unknown>) => {
    const url = windowUrl((await openWindow(emulator.url, 'payment', params)).answer);
    return { url, page: await (await fetch(url)).text() };
  };
  const post = async (url: string, fields: Record<string, string>) => {
    const res = await submit(url, fields);
    return { status: res.status, page: await res.text() };
  };

  it.each([
    ['kakaopay', '카카오페이'],
    ['naverpay', '네이버페이'],
    ['tosspay', '토스페이'],
  ])('%s: its name and mark, the buyer phone pre-filled, 결제 승인 pays', async (pg, name) => {
    const merchant_uid = `w-${pg}`;
    const { url, page } = await open({ merchant_uid, amount: 4500, pg, buyer_tel: '010-2222-3333' });
    expect(page).toContain(`</span> ${name} 결제</h1>`);
    expect(page).toContain(`class="wallet-mark wallet-${pg}" aria-hidden="true"`);
    expect(page).toContain('<label>휴대폰 번호 <input type="tel" name="phone" value="010-2222-3333"');
    expect(page).toContain('>결제 승인</button>');
    expect(page).toContain('<code>010-4000-0002</code>');
    const { rsp } = resultOf((await post(url, { phone: '010-2222-3333' })).page);
    expect(rsp).toMatchObject({ success: true, merchant_uid });
    expect(await paymentsOf(merchant_uid)).toEqual([
      expect.objectContaining({ status: 'paid', pay_method: 'point', pg_provider: pg }),
    ]);
  });

  it('a wallet without buyer_tel starts at 010-1234-5678; a bad number is shown again; the declining one fails', async () => {
    const merchant_uid = 'w-wallet-decline';
    const { url, page } = await open({ merchant_uid, amount: 1000, pg: 'kakaopay' });
    expect(page).toContain('value="010-1234-5678"');
    const bad = await post(url, { phone: '1234' });
    expect(bad.status).toBe(400);
    expect(bad.page).toContain('<li>휴대폰 번호: 휴대폰 번호 형식이 아닙니다');
    expect(bad.page).toContain('value="1234"');
    const { rsp } = resultOf((await post(url, { phone: '010-4000-0002' })).page);
    expect(rsp).toMatchObject({
      success: false,
      error_code: 'WALLET_DECLINED',
      error_msg: '간편결제 승인 거절 (잔액 부족)',
    });
    expect((await paymentsOf(merchant_uid)).map((p) => p.status)).toEqual(['failed']);
  });

  it('closing a wallet (취소) is the customer cancelling: nothing recorded', async () => {
    const { url } = await open({ merchant_uid: 'w-wallet-close', amount: 1000, pg: 'naverpay' });
    const { rsp } = resultOf((await post(url, { action: 'cancel' })).page);
    expect(rsp).toMatchObject({ success: false, error_code: 'USER_CANCEL' });
    expect(await paymentsOf('w-wallet-close')).toEqual([]);
  });

  it('a wallet registration (customer_uid, amount 0): 카카오페이 등록 and 등록 승인 issue the key', async () => {
    const { url, page } = await open({
      merchant_uid: 'w-wallet-key',
      amount: 0,
      pg: 'kakaopay',
      customer_uid: 'c-wallet',
    });
    expect(page).toContain('카카오페이 등록</h1>');
    expect(page).toContain('>등록 승인</button>');
    expect(resultOf((await post(url, { phone: '010-4000-9995' })).page).rsp).toMatchObject({
      success: true,
      customer_uid: 'c-wallet',
    });
    expect((await emulator.billingKeys()).find((k) => k.customer_uid === 'c-wallet')).toMatchObject({
      pg_provider: 'kakaopay',
      card_name: '카카오페이',
      card_number: null,
    });
  });

  it('계좌이체: a select of banks only, 이체하기 pays from it; 대구은행 is under maintenance', async () => {
    const { url, page } = await open({ merchant_uid: 'w-trans', amount: 20000, pay_method: 'trans' });
    expect(page).toContain('<h1>실시간 계좌이체</h1>');
    expect(page).toContain('<label>은행 <select name="bank_code">');
    expect(page).toContain('<option value="088">신한은행</option>');
    expect(page).not.toContain('삼성증권');
    const missing = await post(url, {});
    expect(missing.status).toBe(400);
    expect(missing.page).toContain('<li>은행: 필수 항목입니다.</li>');
    expect(resultOf((await post(url, { bank_code: '088' })).page).rsp).toMatchObject({
      success: true,
      bank_name: '신한은행',
    });
    expect(await paymentsOf('w-trans')).toEqual([
      expect.objectContaining({ status: 'paid', pay_method: 'trans', bank_code: '088', bank_name: '신한은행' }),
    ]);

    const down = await open({ merchant_uid: 'w-trans-down', amount: 20000, pay_method: 'trans' });
    expect(resultOf((await post(down.url, { bank_code: '031' })).page).rsp).toMatchObject({
      success: false,
      error_code: 'BANK_MAINTENANCE',
      error_msg: '은행 점검 시간입니다',
    });
  });

  it('휴대폰: carrier and number, then the code (a wrong one stays), then 결제하기 pays', async () => {
    const merchant_uid = 'w-phone';
    const { url, page } = await open({
      merchant_uid,
      amount: 3300,
      pay_method: 'phone',
      pg: 'danal',
      buyer_tel: '010-7777-8888',
    });
    expect(page).toContain('<h1>휴대폰 결제</h1>');
    expect(page).toContain('<option value="LGT_MVNO">LG U+ 알뜰폰</option>');
    expect(page).toContain('name="phone" value="010-7777-8888"');
    expect(page).toContain('value="otp">인증번호 받기</button>');

    const early = await post(url, { carrier: 'SKT', phone: '010-7777-8888', otp: '123456' });
    expect(early.status).toBe(400);
    expect(early.page).toContain('인증번호 받기를 먼저 눌러 주세요.');
    const noCarrier = await post(url, { action: 'otp', carrier: '', phone: '010-7777-8888' });
    expect(noCarrier.status).toBe(400);
    expect(noCarrier.page).toContain('<li>통신사: 필수 항목입니다.</li>');

    const sent = await post(url, { action: 'otp', carrier: 'KT', phone: '010-7777-8888' });
    expect(sent.status).toBe(200);
    expect(sent.page).toContain('KT 010-7777-8888(으)로 인증번호를 보냈습니다.');
    expect(sent.page).toContain('테스트 인증번호: <strong>123456</strong>');
    expect(sent.page).toContain('<label>인증번호 <input name="otp"');
    const wrong = await post(url, { otp: '111111' });
    expect(wrong.status).toBe(400);
    expect(wrong.page).toContain('<li>인증번호가 일치하지 않습니다.</li>');
    expect(wrong.page).toContain('<label>인증번호 <input name="otp"');
    expect(await paymentsOf(merchant_uid)).toEqual([]);
    // The page reloaded stays at the code step.
    expect(await (await fetch(url)).text()).toContain('테스트 인증번호');

    const { rsp } = resultOf((await post(url, { otp: '123456' })).page);
    expect(rsp).toMatchObject({ success: true, pay_method: 'phone', pg_provider: 'danal', paid_amount: 3300 });
    expect((await submit(url, { otp: '123456' })).status).toBe(410);
  });

  it('휴대폰: 번호 다시 입력 goes back to the first step; the over-the-limit number fails after its code', async () => {
    const merchant_uid = 'w-phone-limit';
    const { url } = await open({ merchant_uid, amount: 3300, pay_method: 'phone' });
    await post(url, { action: 'otp', carrier: 'SKT', phone: '010-1111-2222' });
    const back = await post(url, { action: 'back' });
    expect(back.page).toContain('value="otp">인증번호 받기</button>');
    expect(back.page).toContain('value="010-1111-2222"');
    await post(url, { action: 'otp', carrier: 'SKT', phone: '010-4000-9987' });
    const { rsp } = resultOf((await post(url, { otp: '123456' })).page);
    expect(rsp).toMatchObject({
      success: false,
      error_code: 'PHONE_LIMIT_EXCEEDED',
      error_msg: '휴대폰 결제 월 한도 초과',
    });
    expect((await paymentsOf(merchant_uid)).map((p) => [p.status, p.fail_reason])).toEqual([
      ['failed', '휴대폰 결제 월 한도 초과'],
    ]);
  });

  it('a billing key cannot be asked for on a transfer or a phone bill: refused before any window', async () => {
    for (const pay_method of ['trans', 'phone', 'vbank']) {
      const { answer } = await openWindow(emulator.url, 'payment', {
        merchant_uid: 'w-key-other',
        amount: 0,
        customer_uid: 'c-other',
        pay_method,
      });
      expect(answer).toMatchObject({ ok: false, rsp: { error_code: 'INVALID_PARAM' } });
    }
  });
});
