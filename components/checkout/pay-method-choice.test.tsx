import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutStart } from '@/lib/orders/order-view';
import { baseRoutes, checkout, order, renderPanel, requests, serve, sheet } from '@/test/fixtures/purchase-panel';
import { installImpDouble } from '@/test/imp-double';
import { findToast } from '@/test/toasts';

// 결제 수단 on the purchase panel: the choice, the words per method and what the page sends and
// opens for each. The server's side is in test/routes/checkout/pay-methods.db.test.ts, the windows
// in e2e/app/pay-methods.spec.ts.

const methods = () => within(screen.getByRole('group', { name: '결제 수단' })).getAllByRole('radio');
const checkoutBodies = () => requests.filter((r) => r.path === '/api/checkout').map((r) => r.body);

beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
  installImpDouble({});
});
afterEach(() => vi.unstubAllGlobals());

describe('결제 수단', () => {
  it('offers the seven methods as radios with their marks; nothing is chosen for a first purchase', async () => {
    serve(baseRoutes([]));
    renderPanel();
    const radios = methods();
    const names = [
      '신용·체크카드',
      '카카오페이',
      '네이버페이',
      '토스페이',
      '가상계좌',
      '실시간 계좌이체',
      '휴대폰 결제',
    ];
    radios.forEach((radio, i) => {
      expect(radio).toHaveAccessibleName(names[i]);
    });
    expect(radios).toHaveLength(names.length);
    expect(radios.filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
    // Each tile carries its method's mark (hidden from screen readers: the name is written beside it).
    const marks = radios.map((radio) => radio.closest('label')?.querySelector('[data-method]'));
    expect(marks.map((mark) => mark?.getAttribute('data-method'))).toEqual([
      'card',
      'kakaopay',
      'naverpay',
      'tosspay',
      'vbank',
      'trans',
      'phone',
    ]);
    expect(marks.every((mark) => mark?.getAttribute('aria-hidden') === 'true')).toBe(true);
  });

  it('paying with none chosen asks for one, sends nothing, and the choice takes the focus', async () => {
    serve(baseRoutes([]));
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: '결제하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('결제 수단을 선택해 주세요.');
    expect(screen.getByRole('group', { name: '결제 수단' })).toHaveAccessibleDescription('결제 수단을 선택해 주세요.');
    expect(screen.getByRole('radio', { name: '신용·체크카드' })).toHaveFocus();
    expect(checkoutBodies()).toEqual([]);
    await userEvent.click(screen.getByRole('radio', { name: '토스페이' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '토스페이로 결제하기' })).toBeEnabled();
  });

  it('the method used last comes first, chosen and marked 최근 사용; no other is chosen', async () => {
    serve(baseRoutes([]));
    renderPanel({ lastPayMethod: 'naverpay' });
    const [first, ...rest] = methods();
    expect(first).toHaveAccessibleName('네이버페이 최근 사용');
    expect(first).toBeChecked();
    for (const radio of rest) expect(radio).not.toBeChecked();
    const names = ['신용·체크카드', '카카오페이', '토스페이', '가상계좌', '실시간 계좌이체', '휴대폰 결제'];
    rest.forEach((radio, i) => {
      expect(radio).toHaveAccessibleName(names[i]);
    });
    expect(screen.getByRole('button', { name: '네이버페이로 결제하기' })).toBeInTheDocument();
  });

  it.each([
    ['카카오페이', '카카오페이로 결제하기', '카카오페이 결제창에서 결제를 승인합니다.'],
    ['네이버페이', '네이버페이로 결제하기', '네이버페이 결제창에서 결제를 승인합니다.'],
    ['토스페이', '토스페이로 결제하기', '토스페이 결제창에서 결제를 승인합니다.'],
    ['가상계좌', '가상계좌 발급받기', '입금 기한 안에 입금하면 결제가 완료됩니다.'],
    ['실시간 계좌이체', '실시간 계좌이체로 결제하기', '은행을 골라 바로 이체합니다.'],
    ['휴대폰 결제', '휴대폰으로 결제하기', '통신 요금과 함께 청구됩니다.'],
  ])('choosing %s: the button says "%s" and what happens next, beside the total', async (name, button, hint) => {
    serve(baseRoutes([]));
    renderPanel();
    await userEvent.click(screen.getByRole('radio', { name }));
    expect(screen.getByRole('radio', { name })).toBeChecked();
    expect(screen.getByRole('button', { name: button })).toBeInTheDocument();
    expect(screen.getByText(hint, { exact: false })).toBeInTheDocument();
    // 15,900원 and 3,000원 of shipping: the same total whatever the method.
    expect(screen.getByText('결제 금액').parentElement).toHaveTextContent('18,900원');
  });

  it('arrow keys move the choice (a native radio group)', async () => {
    serve(baseRoutes([]));
    renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '네이버페이' })).toBeChecked();
    expect(screen.getByRole('button', { name: '네이버페이로 결제하기' })).toBeInTheDocument();
  });
});

describe('paying with the chosen method', () => {
  const walletStart: CheckoutStart = { ...checkout, pg: 'kakaopay', payMethod: 'card', method: 'kakaopay' };

  it("sends the method, and opens the window with the server's pg and pay_method", async () => {
    const imp = installImpDouble({ pay: { success: true, imp_uid: 'imp_k1', merchant_uid: checkout.merchantUid } });
    serve({
      ...baseRoutes([]),
      'POST /api/checkout': () => Response.json({ checkout: walletStart }),
      'POST /api/checkout/verify': () =>
        Response.json({ order: order('paid', { method: 'window', payMethod: 'kakaopay' }) }),
    });
    renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.click(screen.getByRole('button', { name: '카카오페이로 결제하기' }));
    expect(await screen.findByText('결제가 완료되었습니다.')).toBeInTheDocument();
    expect(checkoutBodies()).toEqual([
      { productId: 'drip-bag-20', idempotencyKey: expect.any(String), ...sheet, payMethod: 'kakaopay' },
    ]);
    const [params] = imp.request_pay.mock.calls[0] ?? [];
    expect(params).toMatchObject({ pg: 'kakaopay', pay_method: 'card', merchant_uid: 'ord_window', amount: 15_900 });
    expect(params).not.toHaveProperty('vbank_due');
  });

  it('가상계좌: the window gets the deadline as YYYYMMDDhhmm in Korean time; issued, the order shows as placed, not as an error', async () => {
    // 2026-12-01 14:05:30 KST, the server's deadline (service clock).
    const due = Date.UTC(2026, 11, 1, 5, 5, 30) / 1000;
    const imp = installImpDouble({ pay: { success: true, imp_uid: 'imp_v1', merchant_uid: checkout.merchantUid } });
    const vbank = { bankName: 'KB국민은행', accountNumber: '12345678901234', holder: '임프상점', due };
    serve({
      ...baseRoutes([]),
      'POST /api/checkout': () =>
        Response.json({ checkout: { ...checkout, payMethod: 'vbank', method: 'vbank', vbankDue: due } }),
      'POST /api/checkout/verify': () =>
        Response.json({ order: order('awaiting', { method: 'window', payMethod: 'vbank', vbank }) }),
    });
    renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: '가상계좌' }));
    await userEvent.click(screen.getByRole('button', { name: '가상계좌 발급받기' }));
    expect(await findToast('가상계좌가 발급되었습니다. 입금하면 주문이 완료됩니다.')).toBeVisible();
    expect(imp.request_pay.mock.calls[0]?.[0]).toMatchObject({ pay_method: 'vbank', vbank_due: '202612011405' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // The attempt is over (the account is issued): a new purchase is deliberate.
    expect(screen.queryByRole('button', { name: '가상계좌 발급받기' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '새로 구매하기' })).toBeInTheDocument();
  });

  it.each([
    ['a wallet window cancelled', '사용자가 결제를 취소하셨습니다', '결제를 취소했습니다.'],
    ['a phone over its monthly limit', '휴대폰 결제 월 한도 초과', '휴대폰 결제 월 한도를 넘었습니다.'],
    ['a bank under maintenance', '은행 점검 시간입니다', '은행 점검 시간이라 이체하지 못했습니다.'],
  ])('%s: the customer reads why in their words, and nothing is verified', async (_, errorMsg, words) => {
    installImpDouble({ pay: { success: false, imp_uid: null, error_msg: errorMsg } });
    serve({ ...baseRoutes([]), 'POST /api/checkout': () => Response.json({ checkout: walletStart }) });
    renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.click(screen.getByRole('button', { name: '카카오페이로 결제하기' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(words);
    expect(screen.getByRole('alert')).not.toHaveTextContent(errorMsg);
    expect(requests.some((r) => r.path === '/api/checkout/verify')).toBe(false);
  });

  it('a wallet that declined: the server settles the failed payment and its reason is shown', async () => {
    installImpDouble({ pay: { success: false, imp_uid: 'imp_k2', error_msg: '간편결제 승인 거절 (잔액 부족)' } });
    serve({
      ...baseRoutes([]),
      'POST /api/checkout': () => Response.json({ checkout: walletStart }),
      'POST /api/checkout/verify': () =>
        Response.json({
          order: order('failed', {
            method: 'window',
            payMethod: 'kakaopay',
            failReason: '간편결제 잔액이 부족합니다.',
          }),
        }),
    });
    renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.click(screen.getByRole('button', { name: '카카오페이로 결제하기' }));
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent(
      '결제가 실패했습니다. 간편결제 잔액이 부족합니다.',
    );
  });

  it('another method after a cancelled window is a new attempt (its order was opened for the first method)', async () => {
    const imp = installImpDouble({
      pay: { success: false, imp_uid: null, error_msg: '사용자가 결제를 취소하셨습니다' },
    });
    // As the server answers: the attempt's key belongs to the order opened for the card.
    let cardKey: string | undefined;
    serve({
      ...baseRoutes([]),
      'POST /api/checkout': (body) => {
        const { idempotencyKey, payMethod } = body as { idempotencyKey: string; payMethod: string };
        cardKey ??= idempotencyKey;
        if (idempotencyKey === cardKey && payMethod !== 'card')
          return Response.json({ error: { code: 'idempotency_key_reused', message: '…' } }, { status: 422 });
        return Response.json({ checkout: payMethod === 'card' ? checkout : walletStart });
      },
    });
    renderPanel();
    await userEvent.click(screen.getByRole('radio', { name: '신용·체크카드' }));
    await userEvent.click(screen.getByRole('button', { name: '신용·체크카드로 결제하기' }));
    // The window opens after the checkout's answer: slow on a loaded machine.
    expect(await screen.findByRole('alert', {}, { timeout: 10_000 })).toHaveTextContent('결제를 취소했습니다.');
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.click(screen.getByRole('button', { name: '카카오페이로 결제하기' }));
    await vi.waitFor(() => expect(imp.request_pay).toHaveBeenCalledTimes(2));
    expect(imp.request_pay.mock.calls[1]?.[0]).toMatchObject({ pg: 'kakaopay' });
    const sent = (checkoutBodies() as { idempotencyKey: string; payMethod: string }[]).map((b) => [
      b.idempotencyKey === cardKey ? 'card key' : 'new key',
      b.payMethod,
    ]);
    expect(sent).toEqual([
      ['card key', 'card'],
      ['card key', 'kakaopay'],
      ['new key', 'kakaopay'],
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('결제를 취소했습니다.');
  });
});
