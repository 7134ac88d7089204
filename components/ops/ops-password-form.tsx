'use client';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, apiFetch } from '@/lib/browser/api';

export function OpsPasswordForm() {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (form.get('next') !== form.get('confirm')) {
      setError(
        new ApiError(400, 'bad_request', '새 비밀번호가 서로 다릅니다.', { confirm: '새 비밀번호가 서로 다릅니다.' }),
      );
      return;
    }
    setPending(true);
    setError(undefined);
    try {
      await apiFetch('/api/ops/password', {
        method: 'POST',
        body: { current: form.get('current'), next: form.get('next') },
      });
      router.replace('/ops');
      router.refresh();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(0, 'unknown', '비밀번호를 바꾸지 못했습니다.'));
      setPending(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate aria-label="비밀번호 변경">
      {error && <Alert>{error.message}</Alert>}
      <TextField
        name="current"
        label="현재 비밀번호"
        type="password"
        autoComplete="current-password"
        required
        error={error?.fields.current}
      />
      <TextField
        name="next"
        label="새 비밀번호"
        type="password"
        autoComplete="new-password"
        hint="12자 이상"
        required
        error={error?.fields.next}
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
