'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, apiFetch } from '@/lib/browser/api';
import { useAccount } from '@/lib/browser/resources/use-account';
import type { AccountSummary } from '@/lib/shared/account';

export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const { mutate } = useAccount();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    try {
      const result = await apiFetch<{ account: AccountSummary }>('/api/session', {
        method: 'POST',
        body: { email: form.get('email'), password: form.get('password') },
      });
      await mutate(result, { revalidate: false });
      router.replace(next);
      router.refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(0, 'unknown', '로그인하지 못했습니다.'));
      setPending(false);
    }
  }

  return (
    <form onSubmit={onSubmit} className="form" noValidate>
      {error && <Alert>{error.message}</Alert>}
      <TextField name="email" label="이메일" type="email" autoComplete="email" required error={error?.fields.email} />
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
      <p className="form-footer">
        아직 회원이 아니신가요? {/* Signing up instead still returns to the page that asked for sign-in. */}
        <Link href={next === '/account' ? '/signup' : `/signup?next=${encodeURIComponent(next)}`}>
          본인인증 후 가입하기
        </Link>
      </p>
    </form>
  );
}
