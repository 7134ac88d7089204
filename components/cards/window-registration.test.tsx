import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/browser/api';
import type { WindowRegistration as Registration } from '@/lib/cards/card-view';
import { installImpDouble } from '@/test/imp-double';
import { findToast, renderWithToasts } from '@/test/toasts';
import { WindowRegistration } from './window-registration';

// The real script and window run in e2e/app/cards.spec.ts; here window.IMP is a double.
const impConfig = { merchantCode: 'imp00000000', scriptUrl: 'http://127.0.0.1:4010/v1/iamport.js' };
const registration: Registration = {
  customerUid: 'cus_minted_by_the_server',
  merchantUid: 'cus_minted_by_the_server',
  method: 'card',
  pg: 'html5_inicis',
  name: '카드 등록',
  buyerName: '김하늘',
  buyerEmail: 'haneul@example.com',
};

function renderIt(complete = vi.fn().mockResolvedValue(undefined)) {
  const start = vi.fn().mockResolvedValue(registration);
  renderWithToasts(<WindowRegistration impConfig={impConfig} windowMode="layer" start={start} complete={complete} />);
  return { start, complete };
}

const agree = () => userEvent.click(screen.getByRole('checkbox', { name: '카드 등록(빌링키 보관)에 동의합니다' }));

describe('WindowRegistration', () => {
  it('opens the window for the server-minted customer_uid with amount 0, then hands the result to the server', async () => {
    const imp = installImpDouble({
      pay: { success: true, imp_uid: 'imp_123', merchant_uid: registration.merchantUid },
    });
    const { start, complete } = renderIt();
    expect(screen.getByRole('button', { name: '결제창으로 카드 등록' })).toBeDisabled();
    await agree();
    await userEvent.click(screen.getByRole('button', { name: '결제창으로 카드 등록' }));
    // The click only starts the chain (the server's start, the window, the server's check): wait for its end.
    expect(await findToast('카드가 등록되었습니다.')).toBeVisible();
    expect(start).toHaveBeenCalledWith({ agreed: true, version: expect.stringMatching(/^card-billing-key-/) });
    expect(imp.request_pay).toHaveBeenCalledWith(
      {
        pg: 'html5_inicis',
        pay_method: 'card',
        merchant_uid: registration.merchantUid,
        customer_uid: registration.customerUid,
        name: '카드 등록',
        amount: 0,
        buyer_name: '김하늘',
        buyer_email: 'haneul@example.com',
        popup: false,
      },
      expect.any(Function),
    );
    expect(complete).toHaveBeenCalledWith(registration.customerUid, 'imp_123');
  });

  it("shows the window's refusal and sends nothing to the server", async () => {
    installImpDouble({ pay: { success: false, error_msg: '[F112] 카드사에서 승인을 거절하였습니다.' } });
    const { complete } = renderIt();
    await agree();
    await userEvent.click(screen.getByRole('button', { name: '결제창으로 카드 등록' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '카드사에서 승인을 거절했습니다. 다른 카드를 이용하거나 카드사에 문의해 주세요.',
    );
    expect(complete).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '결제창으로 카드 등록' })).toBeEnabled();
  });

  it('a window the customer closed is a cancelled registration, not a refused card', async () => {
    installImpDouble({ pay: { success: false, error_msg: '사용자가 결제를 취소하셨습니다' } });
    renderIt();
    await agree();
    await userEvent.click(screen.getByRole('button', { name: '결제창으로 카드 등록' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('카드 등록을 취소했습니다.');
  });

  it("shows the server's refusal of the result", async () => {
    installImpDouble({ pay: { success: true, imp_uid: 'imp_123' } });
    renderIt(vi.fn().mockRejectedValue(new ApiError(422, 'not_issued', '카드가 등록되지 않았습니다.')));
    await agree();
    await userEvent.click(screen.getByRole('button', { name: '결제창으로 카드 등록' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('카드가 등록되지 않았습니다.');
  });
});
