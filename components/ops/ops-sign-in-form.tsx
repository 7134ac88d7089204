'use client';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, apiFetch } from '@/lib/browser/api';

export function OpsSignInForm() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    try {
      const { operator } = await apiFetch<{ operator: { mustChangePassword: boolean } }>('/api/ops/session', {
        method: 'POST',
        body: { email: form.get('email'), password: form.get('password') },
      });
      router.replace(operator.mustChangePassword ? '/ops/password' : '/ops');
      router.refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(0, 'unknown', '로그인하지 못했습니다.'));
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="운영자 로그인">
      {error && <Alert>{error.message}</Alert>}
      <TextField
        name="email"
        label="이메일"
        type="email"
        autoComplete="username"
        required
        error={error?.fields.email}
      />
      <TextField
        name="password"
        label="비밀번호"
        type="password"
        autoComplete="current-password"
        required
        error={error?.fields.password}
      />
      <SubmitButton pending={pending} pendingLabel="로그인 중…">
        로그인
      </SubmitButton>
    </form>
  );
}
