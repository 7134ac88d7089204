import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WithdrawalSection } from './withdrawal-section';

// POST /api/account/withdrawal is tested for real in test/routes/account/account-lifecycle.db.test.ts.
const fetchDouble = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetAllMocks();
});

const contact = { phone: '02-0000-0000', email: 'help@imp-shop.example' };

describe('WithdrawalSection', () => {
  it('says what happens, asks for the password, and reports what was done', async () => {
    fetchDouble
      .mockResolvedValueOnce(
        Response.json(
          {
            error: {
              code: 'wrong_password',
              message: '현재 비밀번호가 올바르지 않습니다.',
              fields: { password: '현재 비밀번호가 올바르지 않습니다.' },
            },
          },
          { status: 403 },
        ),
      )
      .mockResolvedValueOnce(
        Response.json({ withdrawn: true, cancelledSubscriptions: 1, refunded: 12_000, deletedCards: 2 }),
      );
    render(
      <WithdrawalSection
        liveSubscriptions={[{ name: '데모 플랜', ending: 'pro_rata' }]}
        cardCount={2}
        owedOrders={[]}
        contact={contact}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '회원탈퇴' }));
    const dialog = screen.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
    expect(dialog).toHaveTextContent('데모 플랜: 남은 기간의 금액을 일할 계산해 결제한 카드로 환불합니다.');
    expect(dialog).toHaveTextContent('등록한 카드 2개의 정보(빌링키)를 결제 서비스에서 삭제합니다.');
    expect(dialog).toHaveTextContent('5년');

    await userEvent.type(screen.getByLabelText('비밀번호 확인'), 'wrong password{Enter}');
    // Shown once, under the field it is about (issue 32: it was shown twice, above and under);
    // the alert above only announces it.
    expect(await screen.findByRole('alert')).toHaveTextContent('현재 비밀번호가 올바르지 않습니다.');
    expect(screen.getByRole('alert')).toHaveClass('visually-hidden');
    expect(screen.getByLabelText('비밀번호 확인')).toHaveAccessibleDescription('현재 비밀번호가 올바르지 않습니다.');
    expect(JSON.parse(String(fetchDouble.mock.calls[0]?.[1]?.body))).toEqual({ password: 'wrong password' });

    await userEvent.clear(screen.getByLabelText('비밀번호 확인'));
    await userEvent.type(screen.getByLabelText('비밀번호 확인'), 'right password');
    await userEvent.click(screen.getByRole('button', { name: '탈퇴하기' }));
    const done = await screen.findByRole('alertdialog', { name: '탈퇴가 완료되었습니다' });
    expect(done).toHaveTextContent(
      '정기구독 1개를 해지했습니다. 남은 기간의 금액 12,000원을 결제한 카드로 환불했습니다.',
    );
    expect(done).toHaveTextContent('등록한 카드 정보 2개를 삭제했습니다');
  });

  it('tells a goods subscriber before they confirm that the paid period is not refunded, in words true of its box, and keeps the orders it does not cancel', async () => {
    fetchDouble.mockResolvedValueOnce(
      Response.json({ withdrawn: true, cancelledSubscriptions: 1, refunded: 0, deletedCards: 1 }),
    );
    render(
      <WithdrawalSection
        liveSubscriptions={[
          { name: '월간 원두 정기배송', ending: 'goods', box: { kind: 'period', fulfilment: 'preparing' } },
          { name: '원두 테이스팅 클럽', ending: 'goods', box: { kind: 'period', fulfilment: 'shipped' } },
        ]}
        cardCount={1}
        owedOrders={[{ orderNumber: '261129-845746', productName: '드립백 20개입', state: '배송 준비 중' }]}
        contact={contact}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: '회원탈퇴' }));
    const dialog = screen.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
    // A box not sent yet is not said to be sent: it still ships.
    expect(dialog).toHaveTextContent(
      '월간 원두 정기배송: 이번 회차 상자는 결제된 회차라 환불되지 않으며, 아직 발송 전이어도 해지와 상관없이 그대로 보내 드립니다. 다음 배송과 결제는 없습니다.',
    );
    expect(dialog).toHaveTextContent(
      '원두 테이스팅 클럽: 이번 회차 상자는 이미 발송되어 환불되지 않습니다. 다음 배송과 결제는 없습니다.',
    );
    expect(dialog).not.toHaveTextContent('배송 상품은 발송된 기간');
    expect(dialog).not.toHaveTextContent('일할');
    expect(dialog).toHaveTextContent('탈퇴해도 아래 주문은 취소되지 않고 배송됩니다.');
    expect(dialog).toHaveTextContent('고객센터: 전화 02-0000-0000, 전자우편 help@imp-shop.example');
    expect(screen.getByRole('link', { name: '261129-845746' })).toHaveAttribute(
      'href',
      '/account/orders/261129-845746',
    );

    await userEvent.type(screen.getByLabelText('비밀번호 확인'), 'right password');
    await userEvent.click(screen.getByRole('button', { name: '탈퇴하기' }));
    const done = await screen.findByRole('alertdialog', { name: '탈퇴가 완료되었습니다' });
    expect(done).toHaveTextContent('배송 상품 구독은 이번 회차가 결제된 회차라 환불하지 않았습니다.');
    expect(done).not.toHaveTextContent('이미 발송되어');
    expect(done).not.toHaveTextContent('환불할 금액은 없었습니다');
    expect(done).toHaveTextContent('아래 주문은 탈퇴와 관계없이 배송됩니다.');
    expect(done).toHaveTextContent('261129-845746 드립백 20개입 · 배송 준비 중');
  });

  it('says nothing of subscriptions or cards it did not have ("정기구독 0개를 해지했고")', async () => {
    fetchDouble.mockResolvedValueOnce(
      Response.json({ withdrawn: true, cancelledSubscriptions: 0, refunded: 0, deletedCards: 0 }),
    );
    render(<WithdrawalSection liveSubscriptions={[]} cardCount={0} owedOrders={[]} contact={contact} />);
    await userEvent.click(screen.getByRole('button', { name: '회원탈퇴' }));
    await userEvent.type(screen.getByLabelText('비밀번호 확인'), 'right password');
    await userEvent.click(screen.getByRole('button', { name: '탈퇴하기' }));
    const done = await screen.findByRole('alertdialog', { name: '탈퇴가 완료되었습니다' });
    expect(done).toHaveTextContent(/^탈퇴가 완료되었습니다그동안 이용해 주셔서 감사합니다\./);
    expect(done).not.toHaveTextContent('0개');
  });
});
