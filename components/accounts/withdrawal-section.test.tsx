import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WithdrawalSection } from './withdrawal-section';

// POST /api/account/withdrawal is tested for real in lib/accounts/account-lifecycle.db.test.ts.
const fetchDouble = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

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
    render(<WithdrawalSection liveSubscriptions={['월간 원두 정기배송']} cardCount={2} />);
    await userEvent.click(screen.getByRole('button', { name: '회원탈퇴' }));
    const dialog = screen.getByRole('alertdialog', { name: '정말 탈퇴하시겠어요?' });
    expect(dialog).toHaveTextContent('이용 중인 정기구독(월간 원두 정기배송)을 지금 해지하고');
    expect(dialog).toHaveTextContent('등록한 카드 2개의 정보(빌링키)를 결제 서비스에서 삭제합니다.');
    expect(dialog).toHaveTextContent('5년');

    await userEvent.type(screen.getByLabelText('비밀번호 확인'), 'wrong password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('현재 비밀번호가 올바르지 않습니다.');
    expect(JSON.parse(String(fetchDouble.mock.calls[0]?.[1]?.body))).toEqual({ password: 'wrong password' });

    await userEvent.clear(screen.getByLabelText('비밀번호 확인'));
    await userEvent.type(screen.getByLabelText('비밀번호 확인'), 'right password');
    await userEvent.click(screen.getByRole('button', { name: '탈퇴하기' }));
    const done = await screen.findByRole('alertdialog', { name: '탈퇴가 완료되었습니다' });
    expect(done).toHaveTextContent('정기구독 1개를 해지했고 12,000원을 환불했습니다');
    expect(done).toHaveTextContent('카드 정보 2개를 삭제했습니다');
  });
});
