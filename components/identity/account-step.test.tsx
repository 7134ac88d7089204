import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountStep } from './account-step';

// POST /api/signup is tested for real in test/routes/signup/signup.db.test.ts; fetch is a test double here.
const fetchDouble = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const identity = { name: '김하늘', birthday: '1995-03-14', gender: 'female' as const };

async function fill(password: string, confirm: string, agree: 'required' | 'none' = 'required') {
  await userEvent.type(screen.getByLabelText('이메일'), 'haneul@example.com');
  await userEvent.type(screen.getByLabelText('비밀번호'), password);
  await userEvent.type(screen.getByLabelText('비밀번호 확인'), confirm);
  if (agree === 'required') {
    await userEvent.click(screen.getByLabelText('이용약관 (필수)'));
    await userEvent.click(screen.getByLabelText('개인정보 수집·이용 동의 (필수)'));
  }
  await userEvent.click(screen.getByRole('button', { name: '가입하기' }));
}

describe('AccountStep', () => {
  it('shows the certified name read-only and signs up with email, password and the agreements', async () => {
    fetchDouble.mockResolvedValue(Response.json({ account: {} }, { status: 201 }));
    const onSignedUp = vi.fn();
    render(<AccountStep identity={identity} onSignedUp={onSignedUp} />);
    expect(screen.getByLabelText('이름 (본인인증)')).toHaveValue('김하늘');
    expect(screen.getByLabelText('이름 (본인인증)')).toHaveAttribute('readonly');
    await fill('long enough pw', 'long enough pw');
    expect(JSON.parse(String(fetchDouble.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'haneul@example.com',
      password: 'long enough pw',
      consents: {
        terms: { agreed: true, version: 'terms-2026-11-v4' },
        privacy: { agreed: true, version: 'privacy-2026-11-v2' },
        marketing: { agreed: false, version: 'marketing-2026-11-v1' },
      },
    });
    expect(onSignedUp).toHaveBeenCalled();
  });

  it('catches a mistyped confirmation before sending anything', async () => {
    render(<AccountStep identity={identity} onSignedUp={vi.fn()} />);
    await fill('long enough pw', 'long enough px');
    expect(screen.getByLabelText('비밀번호 확인')).toHaveAccessibleDescription('비밀번호가 일치하지 않습니다.');
    expect(fetchDouble).not.toHaveBeenCalled();
  });

  it('shows why the server refused, next to the field', async () => {
    fetchDouble.mockResolvedValue(
      Response.json(
        {
          error: {
            code: 'email_taken',
            message: '이미 사용 중인 이메일입니다.',
            fields: { email: '이미 사용 중인 이메일입니다.' },
          },
        },
        { status: 409 },
      ),
    );
    const onSignedUp = vi.fn();
    render(<AccountStep identity={identity} onSignedUp={onSignedUp} />);
    await fill('long enough pw', 'long enough pw');
    expect(await screen.findByRole('alert')).toHaveTextContent('이미 사용 중인 이메일입니다.');
    expect(screen.getByLabelText('이메일')).toHaveAccessibleDescription('이미 사용 중인 이메일입니다.');
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it('starts with every box unchecked; 전체 동의 checks and clears them all and reflects the others', async () => {
    render(<AccountStep identity={identity} onSignedUp={vi.fn()} />);
    const all = screen.getByLabelText('전체 동의') as HTMLInputElement;
    const boxes = ['이용약관 (필수)', '개인정보 수집·이용 동의 (필수)', '마케팅 정보 수신 (선택)'].map(
      (label) => screen.getByLabelText(label) as HTMLInputElement,
    );
    expect([all, ...boxes].map((box) => box.checked)).toEqual([false, false, false, false]);
    await userEvent.click(all);
    expect(boxes.map((box) => box.checked)).toEqual([true, true, true]);
    await userEvent.click(boxes[2] as HTMLInputElement);
    expect(all.checked).toBe(false);
    expect(all.indeterminate).toBe(true);
    await userEvent.click(boxes[2] as HTMLInputElement);
    expect(all.checked).toBe(true);
    await userEvent.click(all);
    expect(boxes.map((box) => box.checked)).toEqual([false, false, false]);
    expect(all.indeterminate).toBe(false);
  });

  it('each text can be read in full in a dialog', async () => {
    render(<AccountStep identity={identity} onSignedUp={vi.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: '개인정보 수집·이용 동의 보기' }));
    const dialog = await screen.findByRole('dialog', { name: '개인정보 수집·이용 동의' });
    expect(dialog).toHaveTextContent('대금결제·재화공급에 관한 기록은 5년');
    await userEvent.click(screen.getByRole('button', { name: '닫기' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the required agreements before sending anything', async () => {
    render(<AccountStep identity={identity} onSignedUp={vi.fn()} />);
    await fill('long enough pw', 'long enough pw', 'none');
    expect(await screen.findByRole('alert')).toHaveTextContent('필수 약관');
    expect(screen.getByLabelText('이용약관 (필수)')).toHaveAccessibleDescription('이용약관에 동의해 주세요.');
    expect(fetchDouble).not.toHaveBeenCalled();
  });
});
