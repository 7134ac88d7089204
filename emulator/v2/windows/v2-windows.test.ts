// The V2 browser script and the payment, billing-key and issue-and-pay windows over HTTP (the
// browser flows with the real @portone/browser-sdk are e2e/emulator/v2-windows.spec.ts): what is
// refused before a window, what the windows record through the V2 core (read back on the V2
// listener, checked against the OpenAPI file), and the SDK response each window hands back.
import { describe, expect, it } from 'vitest';
import { useV2Emulator } from '@/test/emulator/conformance-v2/harness';
import { TEST_CARDS } from '@/test/emulator/kit';
import { completeV2Window, openV2, V2_STORE, type V2Kind, v2WindowUrl } from '@/test/emulator/v2-window-http';
import { CARD, resultOf, submit } from '@/test/emulator/window-http';

const payment = (paymentId: string, extra: Record<string, unknown> = {}) => ({
  storeId: V2_STORE.storeId,
  channelKey: V2_STORE.card,
  paymentId,
  orderName: '월간 구독',
  totalAmount: 9900,
  currency: 'CURRENCY_KRW',
  payMethod: 'CARD',
  ...extra,
});

describe('V2 browser script and payment windows', () => {
  // The V1 listener (script, windows) and a V2 client whose answers are checked against the OpenAPI file.
  const suite = useV2Emulator();

  /** Opens a window and submits its form; the SDK response it posts back. */
  const complete = (kind: V2Kind, request: Record<string, unknown>, fields: Record<string, string>) =>
    completeV2Window(suite.emulator.url, kind, request, fields);

  const readPayment = (id: string) => suite.api.ok('GET', '/payments/{paymentId}', { params: { paymentId: id } });

  it('serves the script that sets window.PortOne, CORS-open window requests', async () => {
    const res = await fetch(`${suite.emulator.url}/v2/browser-sdk.js`);
    expect(res.headers.get('content-type')).toContain('text/javascript');
    const script = await res.text();
    for (const name of [
      'requestPayment',
      'requestIssueBillingKey',
      'requestIssueBillingKeyAndPay',
      'requestIdentityVerification',
    ])
      expect(script).toContain(`${name}: function`);
    const preflight = await fetch(`${suite.emulator.url}/v2/windows`, { method: 'OPTIONS' });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('refuses a request the SDK would, before any window: PORTONE_ERROR naming the field', async () => {
    for (const field of ['storeId', 'channelKey', 'paymentId', 'orderName', 'totalAmount', 'currency', 'payMethod']) {
      const answer = await openV2(suite.emulator.url, 'payment', payment('p-bad', { [field]: undefined }));
      expect(answer).toMatchObject({ ok: false, rsp: { transactionType: 'PAYMENT', code: 'PORTONE_ERROR' } });
      expect(!answer.ok && answer.rsp.message).toBe(`${field}: 필수 항목입니다.`);
    }
    for (const [bad, message] of [
      [{ totalAmount: 99.5 }, /^totalAmount: /],
      [{ currency: 'USD' }, /^currency: /],
      [{ payMethod: 'VIRTUAL_ACCOUNT' }, /^payMethod: /],
      [{ payMethod: 'EASY_PAY' }, /EASY_PAY 결제를 지원하지 않는 채널/],
      [{ channelKey: undefined, channelGroupId: 'g-1' }, /^channelGroupId: /],
      [{ redirectUrl: 'javascript:alert(1)' }, /^redirectUrl: /],
    ] as const) {
      const answer = await openV2(suite.emulator.url, 'payment', payment('p-bad', bad));
      expect(!answer.ok && answer.rsp.message).toMatch(message);
    }
    await suite.api.fails('GET', '/payments/{paymentId}', 404, 'PAYMENT_NOT_FOUND', { params: { paymentId: 'p-bad' } });
  });

  it('pays with a test card: PAID on the V2 listener, the SDK gets paymentId and the payment transactionId', async () => {
    const url = v2WindowUrl(
      await openV2(suite.emulator.url, 'payment', payment('p-card-1', { customer: { fullName: '홍길동' } })),
    );
    const form = await (await fetch(url)).text();
    expect(form).toContain('월간 구독');
    expect(form).toContain('9,900원');
    expect(form).toContain(TEST_CARDS.approved);
    const bad = await submit(url, { ...CARD, card_number: '4242-4242-4242-4241', expiry: '13/30' });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('입력 내용을 확인해 주세요 (2건)');

    const rsp = resultOf(await (await submit(url, CARD)).text()).rsp as unknown as Record<string, string>;
    expect(rsp).toMatchObject({ transactionType: 'PAYMENT', paymentId: 'p-card-1' });
    expect(rsp.code).toBeUndefined();
    const paid = await readPayment('p-card-1');
    expect(paid).toMatchObject({ status: 'PAID', id: 'p-card-1', transactionId: rsp.txId, orderName: '월간 구독' });
    expect(paid.amount).toMatchObject({ total: 9900 });
    // Paid once: another window for it is refused.
    const again = await openV2(suite.emulator.url, 'payment', payment('p-card-1'));
    expect(again).toMatchObject({ ok: false, rsp: { code: 'PORTONE_ERROR' } });
  });

  it('a refused card: FAILURE_TYPE_PG with the PG code, a FAILED payment', async () => {
    const rsp = await complete('payment', payment('p-card-2'), { ...CARD, card_number: TEST_CARDS.refused });
    expect(rsp).toMatchObject({ transactionType: 'PAYMENT', paymentId: 'p-card-2', code: 'FAILURE_TYPE_PG' });
    expect(rsp.pgCode).toBeTruthy();
    expect((await readPayment('p-card-2')).status).toBe('FAILED');
  });

  it('EASY_PAY through the wallet window (KAKAOPAY channel): approval with the wallet phone', async () => {
    const request = payment('p-wallet-1', { channelKey: V2_STORE.kakaopay, payMethod: 'EASY_PAY' });
    const form = await (await fetch(v2WindowUrl(await openV2(suite.emulator.url, 'payment', request)))).text();
    expect(form).toContain('카카오페이 결제');
    const rsp = await complete(
      'payment',
      payment('p-wallet-2', { channelKey: V2_STORE.kakaopay, payMethod: 'EASY_PAY' }),
      {
        phone: '010-1234-5678',
      },
    );
    expect(rsp.code).toBeUndefined();
    expect((await readPayment('p-wallet-2')).status).toBe('PAID');
  });

  it('issues a billing key (CARD channel) that the V2 API then reads as ISSUED', async () => {
    const request = {
      storeId: V2_STORE.storeId,
      channelKey: V2_STORE.card,
      billingKeyMethod: 'CARD',
      issueName: '정기결제',
    };
    const rsp = await complete('billing-key', request, CARD);
    expect(rsp).toMatchObject({ transactionType: 'ISSUE_BILLING_KEY' });
    expect(rsp.billingKey).toBeTruthy();
    const json = await suite.api.ok('GET', '/billing-keys/{billingKey}', {
      params: { billingKey: rsp.billingKey ?? '' },
    });
    expect(json).toMatchObject({ status: 'ISSUED', billingKey: rsp.billingKey });
    const refused = await complete('billing-key', request, { ...CARD, card_number: TEST_CARDS.refused });
    expect(refused).toMatchObject({ transactionType: 'ISSUE_BILLING_KEY', code: 'FAILURE_TYPE_PG' });
    expect(refused.billingKey).toBeUndefined();
  });

  it('issues a key and pays with it in one window', async () => {
    const request = { ...payment('p-issue-pay-1'), payMethod: undefined, billingKeyAndPayMethod: 'CARD' };
    const rsp = await complete('billing-key-and-pay', request, CARD);
    expect(rsp).toMatchObject({ transactionType: 'ISSUE_BILLING_KEY_AND_PAY', paymentId: 'p-issue-pay-1' });
    const paid = await readPayment('p-issue-pay-1');
    expect(paid).toMatchObject({ status: 'PAID', billingKey: rsp.billingKey, transactionId: rsp.txId });
  });

  it('cancel: FAILURE_TYPE_PG, nothing paid; redirect mode lands on redirectUrl with the response in the query', async () => {
    const url = v2WindowUrl(await openV2(suite.emulator.url, 'payment', payment('p-cancel')));
    const cancelled = resultOf(await (await submit(url, { action: 'cancel' })).text()).rsp as unknown as Record<
      string,
      string
    >;
    expect(cancelled).toMatchObject({ code: 'FAILURE_TYPE_PG', pgCode: 'USER_CANCEL', paymentId: 'p-cancel' });
    expect((await fetch(url)).status).toBe(410);

    const redirectUrl = 'http://shop.test/pay/done?order=7';
    const answer = await openV2(suite.emulator.url, 'payment', payment('p-redirect', { redirectUrl }), {
      mode: 'redirect',
    });
    const landed = await submit(v2WindowUrl(answer), CARD);
    expect(landed.status).toBe(303);
    const target = new URL(landed.headers.get('location') ?? '');
    expect(target.origin + target.pathname).toBe('http://shop.test/pay/done');
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      order: '7',
      paymentId: 'p-redirect',
      transactionType: 'PAYMENT',
    });
    expect(target.searchParams.get('code')).toBeNull();
    expect((await readPayment('p-redirect')).status).toBe('PAID');
  });
  it('a window whose payment was paid meanwhile, or whose channel went away, ends with PORTONE_ERROR (never a 5xx)', async () => {
    const first = v2WindowUrl(await openV2(suite.emulator.url, 'payment', payment('p-twice')));
    const second = v2WindowUrl(await openV2(suite.emulator.url, 'payment', payment('p-twice')));
    expect(resultOf(await (await submit(first, CARD)).text()).rsp).not.toHaveProperty('code');
    const late = resultOf(await (await submit(second, CARD)).text()).rsp as unknown as Record<string, string>;
    expect(late).toMatchObject({ code: 'PORTONE_ERROR', paymentId: 'p-twice' });

    const url = v2WindowUrl(await openV2(suite.emulator.url, 'payment', payment('p-gone')));
    const { core } = suite.emulator;
    const merchant = core.merchant('imp00000000');
    if (!merchant?.v2) throw new Error('the default merchant has a V2 store');
    core.upsertMerchant({ ...merchant, v2: { ...merchant.v2, channels: [] } }, { replace: true });
    try {
      const res = await fetch(url);
      expect(res.status).toBe(200);
      const rsp = resultOf(await res.text()).rsp as unknown as Record<string, string>;
      expect(rsp).toMatchObject({ code: 'PORTONE_ERROR', paymentId: 'p-gone' });
      expect(rsp.message).toMatch(/채널을 찾을 수 없습니다/);
    } finally {
      core.upsertMerchant(merchant, { replace: true });
    }
  });
});
