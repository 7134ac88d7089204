import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { WindowRegistration as Registration } from '@/lib/cards/card-view';
import { installImpDouble } from '@/test/imp-double';
import { findToast, renderWithToasts } from '@/test/toasts';
import { WalletRegistration } from './wallet-registration';

// The real script and the wallet's window run in e2e/app/wallet-keys.spec.ts; here window.IMP is a double.
const impConfig = { merchantCode: 'imp00000000', scriptUrl: 'http://127.0.0.1:4010/v1/iamport.js' };
const registration: Registration = {
  customerUid: 'cus_minted_by_the_server',
  merchantUid: 'cus_minted_by_the_server',
  method: 'kakaopay',
  pg: 'kakaopay',
  name: '카카오페이 등록',
  buyerName: '김하늘',
};
const WALLET_CONSENT = '결제수단 등록(빌링키 보관)에 동의합니다';

function renderIt(complete = vi.fn().mockResolvedValue(undefined)) {
  const start = vi.fn().mockResolvedValue(registration);
  renderWithToasts(<WalletRegistration impConfig={impConfig} windowMode="layer" start={start} complete={complete} />);
  return { start, complete };
}

describe('WalletRegistration', () => {
  it('nothing is chosen at first; a wallet and the consent open its window with the wallet as pg', async () => {
    const imp = installImpDouble({
      pay: { success: true, imp_uid: 'imp_123', merchant_uid: registration.merchantUid },
    });
    const { start, complete } = renderIt();
    for (const name of ['카카오페이', '네이버페이', '토스페이'])
      expect(screen.getByRole('radio', { name })).not.toBeChecked();
    expect(screen.getByRole('button', { name: '간편결제 등록' })).toBeDisabled();
    expect(screen.queryByRole('checkbox')).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    expect(screen.getByText('등록할 결제수단: 카카오페이')).toBeVisible();
    const consent = screen.getByRole('checkbox', { name: WALLET_CONSENT });
    expect(consent).not.toBeChecked();
    expect(screen.getByRole('button', { name: '카카오페이 등록' })).toBeDisabled();
    await userEvent.click(consent);
    await userEvent.click(screen.getByRole('button', { name: '카카오페이 등록' }));
    // The click only starts the chain (the server's start, the window, the server's check): wait for its end.
    expect(await findToast('카카오페이가 등록되었습니다.')).toBeVisible();
    expect(start).toHaveBeenCalledWith(
      { agreed: true, version: expect.stringMatching(/^card-billing-key-/) },
      'kakaopay',
    );
    expect(imp.request_pay).toHaveBeenCalledWith(
      expect.objectContaining({
        pg: 'kakaopay',
        pay_method: 'card',
        customer_uid: registration.customerUid,
        amount: 0,
      }),
      expect.any(Function),
    );
    expect(complete).toHaveBeenCalledWith(registration.customerUid, 'imp_123');
  });

  it('another wallet is another text: the consent is asked again', async () => {
    // A click on a wallet starts loading the script (on intent): without the double, the load
    // would hang in jsdom and hold every later test of this file (the loader keeps one load a page).
    installImpDouble({});
    renderIt();
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.click(screen.getByRole('checkbox', { name: WALLET_CONSENT }));
    await userEvent.click(screen.getByRole('radio', { name: '토스페이' }));
    expect(screen.getByText('등록할 결제수단: 토스페이')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: WALLET_CONSENT })).not.toBeChecked();
    expect(screen.getByRole('button', { name: '토스페이 등록' })).toBeDisabled();
  });

  it("the wallet's refusal is told in a wallet's words, not a card's", async () => {
    installImpDouble({ pay: { success: false, error_msg: '간편결제 승인 거절 (잔액 부족)' } });
    const { complete } = renderIt();
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.click(screen.getByRole('checkbox', { name: WALLET_CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: '카카오페이 등록' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('카카오페이에서 등록을 승인하지 않았습니다.');
    expect(alert).not.toHaveTextContent('카드');
    expect(complete).not.toHaveBeenCalled();
  });

  it('a closed window is a cancelled registration', async () => {
    installImpDouble({ pay: { success: false, error_msg: '사용자가 결제를 취소하셨습니다' } });
    renderIt();
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.click(screen.getByRole('checkbox', { name: WALLET_CONSENT }));
    await userEvent.click(screen.getByRole('button', { name: '카카오페이 등록' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('카카오페이 등록을 취소했습니다.');
  });
});
