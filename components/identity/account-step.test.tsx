import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AccountStep } from './account-step';

// POST /api/signup is tested for real in lib/identity/signup.db.test.ts; fetch is a test double here.
const fetchDouble = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const identity = { name: '김하늘', birthday: '1995-03-14', gender: 'female' as const };

async function fill(password: string, confirm: string) {
  await userEvent.type(screen.getByLabelText('이메일'), 'haneul@example.com');
  await userEvent.type(screen.getByLabelText('비밀번호'), password);
  await userEvent.type(screen.getByLabelText('비밀번호 확인'), confirm);
  await userEvent.click(screen.getByRole('button', { name: '가입하기' }));
}

describe('AccountStep', () => {
  it('shows the certified name read-only and signs up with email and password only', async () => {
    fetchDouble.mockResolvedValue(Response.json({ account: {} }, { status: 201 }));
    const onSignedUp = vi.fn();
    render(<AccountStep identity={identity} onSignedUp={onSignedUp} />);
    expect(screen.getByLabelText('이름 (본인인증)')).toHaveValue('김하늘');
    expect(screen.getByLabelText('이름 (본인인증)')).toHaveAttribute('readonly');
    await fill('long enough pw', 'long enough pw');
    expect(JSON.parse(String(fetchDouble.mock.calls[0]?.[1]?.body))).toEqual({
      email: 'haneul@example.com',
      password: 'long enough pw',
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
});
