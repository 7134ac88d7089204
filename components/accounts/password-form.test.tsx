import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OpsPasswordForm } from '@/components/ops/ops-password-form';
import { OpsSignInForm } from '@/components/ops/ops-sign-in-form';
import { router } from '@/test/next-navigation-double';
import { ResetPasswordForm } from './reset-password-form';

// Imported inside the factory: the console's forms are imported (and mock next/navigation) first.
vi.mock('next/navigation', async () => (await import('@/test/next-navigation-double')).nextNavigationDouble());

// The shared sign-in and password forms, through the callers that had no tests of their own:
// the reset link's page and the console's. The routes behind them are tested in app/api.
const fetchDouble = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchDouble));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});
const sent = () => fetchDouble.mock.calls.map(([url, init]) => [url, JSON.parse(String(init?.body))]);

describe('ResetPasswordForm', () => {
  it('catches a mistyped confirmation before sending anything', async () => {
    render(<ResetPasswordForm token="t0k3n" />);
    await userEvent.type(screen.getByLabelText('새 비밀번호'), 'first password');
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'other password{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('입력한 두 비밀번호가 다릅니다.');
    expect(screen.getByLabelText('새 비밀번호 확인')).toHaveAccessibleDescription('비밀번호가 일치하지 않습니다.');
    expect(fetchDouble).not.toHaveBeenCalled();
  });

  it('sends the token and the new password, then says to sign in with it', async () => {
    fetchDouble.mockResolvedValue(Response.json({ ok: true }));
    render(<ResetPasswordForm token="t0k3n" />);
    await userEvent.type(screen.getByLabelText('새 비밀번호'), 'new password');
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'new password{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('비밀번호를 바꿨습니다.');
    expect(sent()).toEqual([['/api/password-reset/confirm', { token: 't0k3n', password: 'new password' }]]);
  });
});

describe('OpsPasswordForm', () => {
  it('sends the current and the new password, then opens the console, the button kept busy', async () => {
    fetchDouble.mockResolvedValue(Response.json({ ok: true }));
    render(<OpsPasswordForm />);
    await userEvent.type(screen.getByLabelText('현재 비밀번호'), 'one-time pw');
    await userEvent.type(screen.getByLabelText('새 비밀번호'), 'a long new password');
    await userEvent.type(screen.getByLabelText('새 비밀번호 확인'), 'a long new password{Enter}');
    expect(sent()).toEqual([['/api/ops/password', { current: 'one-time pw', next: 'a long new password' }]]);
    expect(router.replace).toHaveBeenCalledWith('/ops');
    expect(screen.getByRole('button', { name: '바꾸는 중…' })).toBeDisabled();
  });
});

describe('OpsSignInForm', () => {
  it('sends a first login to the password change', async () => {
    fetchDouble.mockResolvedValue(Response.json({ operator: { mustChangePassword: true } }));
    render(<OpsSignInForm />);
    expect(screen.getByRole('form', { name: '운영자 로그인' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('이메일'), 'ops@shop.example');
    await userEvent.type(screen.getByLabelText('비밀번호'), 'secret{Enter}');
    expect(sent()).toEqual([['/api/ops/session', { email: 'ops@shop.example', password: 'secret' }]]);
    expect(router.replace).toHaveBeenCalledWith('/ops/password');
    expect(screen.getByRole('button', { name: '로그인 중…' })).toBeDisabled();
  });
});
