'use client';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, apiFetch } from '@/lib/browser/api';

/** 비밀번호 찾기: asks for a reset link by mail; the answer is the same whether the email has an account. */
export function ForgotPasswordForm() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<ApiError>();
  const [sentTo, setSentTo] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    setPending(true);
    setError(undefined);
    try {
      await apiFetch('/api/password-reset', { method: 'POST', body: { email } });
      setSentTo(email);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught : new ApiError(0, 'unknown', '요청하지 못했습니다.'));
    } finally {
      setPending(false);
    }
  }

  return (
    <details className="panel">
      <summary>비밀번호를 잊으셨나요?</summary>
      <form onSubmit={onSubmit} className="form" noValidate aria-label="재설정 링크 요청">
        {sentTo && (
          <Alert tone="success">
            {sentTo}로 가입된 계정이 있으면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해 주세요.
          </Alert>
        )}
        {error && <Alert>{error.message}</Alert>}
        <TextField
          name="email"
          id="reset-email"
          label="가입한 메일 주소"
          type="email"
          autoComplete="email"
          required
          error={error?.fields.email}
        />
        <SubmitButton pending={pending} pendingLabel="보내는 중…">
          재설정 링크 받기
        </SubmitButton>
      </form>
    </details>
  );
}
