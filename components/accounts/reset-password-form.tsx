'use client';
import Link from 'next/link';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, apiFetch } from '@/lib/browser/api';

/** Sets a new password with the token from the reset mail's link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [done, setDone] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password !== form.get('confirm')) {
      setError(
        new ApiError(400, 'mismatch', '입력한 두 비밀번호가 다릅니다.', { confirm: '비밀번호가 일치하지 않습니다.' }),
      );
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await apiFetch('/api/password-reset/confirm', { method: 'POST', body: { token, password } });
      setDone(true);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(0, 'unknown', '비밀번호를 바꾸지 못했습니다.'));
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <Alert tone="success">
        비밀번호를 바꿨습니다. 모든 기기에서 로그아웃되었으니 <Link href="/signin">새 비밀번호로 로그인</Link>해 주세요.
      </Alert>
    );
  }
  return (
    <form onSubmit={onSubmit} className="form" noValidate>
      {error && <Alert>{error.message}</Alert>}
      <TextField
        name="password"
        label="새 비밀번호"
        type="password"
        autoComplete="new-password"
        hint="8자 이상"
        required
        error={error?.fields.password}
      />
      <TextField
        name="confirm"
        label="새 비밀번호 확인"
        type="password"
        autoComplete="new-password"
        required
        error={error?.fields.confirm}
      />
      <SubmitButton pending={pending} pendingLabel="바꾸는 중…">
        비밀번호 바꾸기
      </SubmitButton>
    </form>
  );
}
