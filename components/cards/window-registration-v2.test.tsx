import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RegistrationStart } from '@/lib/browser/client';
import { installImpDouble } from '@/test/imp-double';
import { installPortOneDouble, userCancel } from '@/test/portone-double';
import { findToast, renderWithToasts } from '@/test/toasts';
import { WalletRegistration } from './wallet-registration';
import { WindowRegistration } from './window-registration';

// The shop on PortOne V2: the registration answer says `api: 'v2'` and the panel opens V2's
// billing-key window through window.PortOne, here a double (test/portone-double.ts); the emulator's
// real script and window run in e2e/app/v2-shop.spec.ts.
const impConfig = { merchantCode: 'imp00000000', scriptUrl: 'http://127.0.0.1:4010/v1/iamport.js' };
const v2 = {
  api: 'v2',
  scriptUrl: 'http://127.0.0.1:4010/v2/browser-sdk.js',
  storeId: 'store-00000000-0000-4000-8000-000000000000',
  channelKey: 'channel-key-00000000-0000-4000-8000-0000000000c1',
  issueId: 'cus_minted_by_the_server',
  customer: { customerId: 'cus_minted_by_the_server' },
} as const;
const card: RegistrationStart = {
  customerUid: 'cus_minted_by_the_server',
  merchantUid: 'cus_minted_by_the_server',
  method: 'card',
  pg: 'html5_inicis',
  name: '카드 등록',
  buyerName: '김하늘',
  buyerEmail: 'haneul@example.com',
  ...v2,
  billingKeyMethod: 'CARD',
};
afterEach(() => {
  window.PortOne = undefined;
});

const issued = { transactionType: 'ISSUE_BILLING_KEY' as const, billingKey: 'billing-key-issued-by-v2' };
const CARD_CONSENT = '카드 등록(빌링키 보관)에 동의합니다';

function renderCard(complete = vi.fn().mockResolvedValue(undefined)) {
  const start = vi.fn().mockResolvedValue(card);
  renderWithToasts(<WindowRegistration impConfig={impConfig} start={start} complete={complete} />);
  return { start, complete };
}
async function registerCard() {
  await userEvent.click(screen.getByRole('checkbox', { name: CARD_CONSENT }));
  await userEvent.click(screen.getByRole('button', { name: '결제창으로 카드 등록' }));
}

describe('WindowRegistration on PortOne V2', () => {
  it("issues the key in V2's window under the server's customer id, then hands the key to the server", async () => {
    const imp = installImpDouble({});
    const portOne = installPortOneDouble({ billingKey: issued });
    const { complete } = renderCard();
    await registerCard();
    // The click only starts the chain (the server's start, the script, the window): wait for its end.
    expect(await findToast('카드가 등록되었습니다.')).toBeVisible();
    expect(portOne.requestIssueBillingKey).toHaveBeenCalledWith({
      storeId: v2.storeId,
      channelKey: v2.channelKey,
      billingKeyMethod: 'CARD',
      issueId: card.customerUid,
      issueName: '카드 등록',
      customer: { customerId: card.customerUid, fullName: '김하늘', email: 'haneul@example.com' },
      // A phone's full page comes back with the customer id the key was issued under.
      redirectUrl: `${window.location.origin}/account/cards?customer_uid=cus_minted_by_the_server`,
    });
    expect(complete).toHaveBeenCalledWith(card.customerUid, { billingKey: 'billing-key-issued-by-v2' });
    expect(imp.request_pay).not.toHaveBeenCalled();
  });

  it("a refused card is told in the card's words, and nothing goes to the server", async () => {
    installPortOneDouble({
      billingKey: {
        ...issued,
        billingKey: '',
        code: 'FAILURE_TYPE_PG',
        message: '[F112] 카드사에서 승인을 거절하였습니다.',
        pgCode: 'F112',
        pgMessage: '[F112] 카드사에서 승인을 거절하였습니다.',
      },
    });
    const { complete } = renderCard();
    await registerCard();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '카드사에서 승인을 거절했습니다. 다른 카드를 이용하거나 카드사에 문의해 주세요.',
    );
    expect(complete).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '결제창으로 카드 등록' })).toBeEnabled();
  });

  it('a closed window is a cancelled registration', async () => {
    installPortOneDouble({ billingKey: { ...issued, ...userCancel('사용자가 빌링키 발급을 취소하였습니다') } });
    renderCard();
    await registerCard();
    expect(await screen.findByRole('alert')).toHaveTextContent('카드 등록을 취소했습니다.');
  });

  it('hands the key V2 redirected back with (phones) to the server once', async () => {
    const complete = vi.fn().mockResolvedValue(undefined);
    renderWithToasts(
      <WindowRegistration
        impConfig={impConfig}
        start={vi.fn()}
        complete={complete}
        redirectResult={{ customerUid: 'cus_back', billingKey: 'billing-key-back', success: true }}
      />,
    );
    expect(await findToast('카드가 등록되었습니다.')).toBeVisible();
    expect(complete).toHaveBeenCalledTimes(1);
    expect(complete).toHaveBeenCalledWith('cus_back', { billingKey: 'billing-key-back' });
  });
});

describe('WalletRegistration on PortOne V2', () => {
  it("a wallet is V2's EASY_PAY key on the channel the server chose", async () => {
    const portOne = installPortOneDouble({ billingKey: issued });
    const wallet: RegistrationStart = {
      ...card,
      method: 'kakaopay',
      pg: 'kakaopay',
      name: '카카오페이 등록',
      channelKey: 'channel-key-00000000-0000-4000-8000-0000000000e1',
      billingKeyMethod: 'EASY_PAY',
    };
    const complete = vi.fn().mockResolvedValue(undefined);
    renderWithToasts(
      <WalletRegistration impConfig={impConfig} start={vi.fn().mockResolvedValue(wallet)} complete={complete} />,
    );
    await userEvent.click(screen.getByRole('radio', { name: '카카오페이' }));
    await userEvent.click(screen.getByRole('checkbox', { name: '결제수단 등록(빌링키 보관)에 동의합니다' }));
    await userEvent.click(screen.getByRole('button', { name: '카카오페이 등록' }));
    expect(await findToast('카카오페이가 등록되었습니다.')).toBeVisible();
    expect(portOne.requestIssueBillingKey).toHaveBeenCalledWith(
      expect.objectContaining({
        channelKey: 'channel-key-00000000-0000-4000-8000-0000000000e1',
        billingKeyMethod: 'EASY_PAY',
        redirectUrl: `${window.location.origin}/account/cards?means=kakaopay&customer_uid=cus_minted_by_the_server`,
      }),
    );
    expect(complete).toHaveBeenCalledWith(card.customerUid, { billingKey: 'billing-key-issued-by-v2' });
  });
});
