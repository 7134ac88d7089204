import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckoutOpening } from '@/lib/browser/client';
import { baseRoutes, checkout, order, renderPanel, requests, serve } from '@/test/fixtures/purchase-panel';
import { installImpDouble } from '@/test/imp-double';
import { installPortOneDouble, userCancel } from '@/test/portone-double';

// The shop on PortOne V2: the checkout answer says `api: 'v2'` and the panel opens V2's payment
// window through window.PortOne, here a double (test/portone-double.ts); fetch is a double too.
// The emulator's real script and window run in e2e/app/v2-shop.spec.ts.
const v2Checkout: CheckoutOpening = {
  ...checkout,
  api: 'v2',
  scriptUrl: 'http://127.0.0.1:4010/v2/browser-sdk.js',
  storeId: 'store-00000000-0000-4000-8000-000000000000',
  channelKey: 'channel-key-00000000-0000-4000-8000-0000000000c1',
  paymentId: checkout.merchantUid,
  orderName: checkout.name,
  totalAmount: checkout.amount,
  currency: 'KRW',
  payMethod: 'CARD',
};
const paid = { transactionType: 'PAYMENT' as const, paymentId: 'ord_window', txId: 'tx_paid' };
const verifyBody = () => requests.find((r) => r.path === '/api/checkout/verify')?.body;

beforeEach(() => {
  requests.length = 0;
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.PortOne = undefined;
});

async function payWith(method: string, button: string) {
  await userEvent.click(screen.getByRole('radio', { name: method }));
  await userEvent.click(screen.getByRole('button', { name: button }));
}

describe('PurchasePanel — 결제창 on PortOne V2', () => {
  it("opens V2's window for the server's paymentId and amount, then hands paymentId and txId to the server", async () => {
    const imp = installImpDouble({});
    const portOne = installPortOneDouble({ payment: paid });
    serve({
      ...baseRoutes(),
      'POST /api/checkout': () => Response.json({ checkout: v2Checkout }),
      'POST /api/checkout/verify': () => Response.json({ order: order('paid', { method: 'window' }) }),
    });
    renderPanel();
    await payWith('신용·체크카드', '신용·체크카드로 결제하기');
    expect(await screen.findByText('결제가 완료되었습니다.')).toBeInTheDocument();
    expect(portOne.requestPayment).toHaveBeenCalledWith({
      storeId: v2Checkout.storeId,
      channelKey: v2Checkout.channelKey,
      paymentId: 'ord_window',
      orderName: checkout.name,
      totalAmount: 15_900,
      currency: 'KRW',
      payMethod: 'CARD',
      customer: { fullName: '김하늘', email: 'haneul@example.com' },
      // The page asked for a layer (renderPanel's windowMode).
      windowType: { pc: 'IFRAME', mobile: 'IFRAME' },
      redirectUrl: `${window.location.origin}/checkout/complete`,
    });
    expect(verifyBody()).toEqual({ merchant_uid: 'ord_window', paymentId: 'ord_window', txId: 'tx_paid' });
    expect(imp.request_pay).not.toHaveBeenCalled();
  });

  it('a wallet is EASY_PAY with the provider the server named', async () => {
    const portOne = installPortOneDouble({ payment: paid });
    serve({
      ...baseRoutes(),
      'POST /api/checkout': () =>
        Response.json({
          checkout: {
            ...v2Checkout,
            method: 'kakaopay',
            channelKey: 'channel-key-00000000-0000-4000-8000-0000000000e1',
            payMethod: 'EASY_PAY',
            easyPay: { easyPayProvider: 'KAKAOPAY' },
          },
        }),
      'POST /api/checkout/verify': () => Response.json({ order: order('paid', { method: 'window' }) }),
    });
    renderPanel();
    await payWith('카카오페이', '카카오페이로 결제하기');
    expect(await screen.findByText('결제가 완료되었습니다.')).toBeInTheDocument();
    expect(portOne.requestPayment).toHaveBeenCalledWith(
      expect.objectContaining({ payMethod: 'EASY_PAY', easyPay: { easyPayProvider: 'KAKAOPAY' } }),
    );
  });

  it('a cancelled window sends nothing to verify and says it was cancelled', async () => {
    installPortOneDouble({ payment: { ...paid, ...userCancel('사용자가 결제를 취소하였습니다') } });
    serve({ ...baseRoutes(), 'POST /api/checkout': () => Response.json({ checkout: v2Checkout }) });
    renderPanel();
    await payWith('신용·체크카드', '신용·체크카드로 결제하기');
    expect(await screen.findByRole('alert')).toHaveTextContent('결제를 취소했습니다.');
    expect(verifyBody()).toBeUndefined();
  });

  it('a refused payment exists at the service: the server is told, and its answer is shown', async () => {
    installPortOneDouble({
      payment: {
        ...paid,
        txId: 'tx_refused',
        code: 'FAILURE_TYPE_PG',
        message: '잔액부족',
        pgCode: 'F114',
        pgMessage: '잔액부족',
      },
    });
    serve({
      ...baseRoutes(),
      'POST /api/checkout': () => Response.json({ checkout: v2Checkout }),
      'POST /api/checkout/verify': () =>
        Response.json({ order: order('failed', { method: 'window', failReason: '잔액부족' }) }),
    });
    renderPanel();
    await payWith('신용·체크카드', '신용·체크카드로 결제하기');
    expect(await screen.findByRole('alert')).toHaveTextContent('잔액부족');
    expect(verifyBody()).toEqual({ merchant_uid: 'ord_window', paymentId: 'ord_window', txId: 'tx_refused' });
  });

  it('a way to pay the V2 window is not opened for here is refused before anything opens', async () => {
    const portOne = installPortOneDouble({ payment: paid });
    serve({
      ...baseRoutes(),
      'POST /api/checkout': () => Response.json({ checkout: { ...v2Checkout, method: 'phone', payMethod: 'MOBILE' } }),
    });
    renderPanel();
    await payWith('휴대폰 결제', '휴대폰으로 결제하기');
    expect(await screen.findByRole('alert')).toHaveTextContent('이 결제 수단의 결제창을 열 수 없습니다.');
    expect(portOne.requestPayment).not.toHaveBeenCalled();
  });
});
