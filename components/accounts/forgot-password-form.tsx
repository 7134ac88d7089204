'use client';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { useRequest } from '@/components/ui/use-request';
import { apiFetch } from '@/lib/browser/api';

/** 비밀번호 찾기: asks for a reset link by mail; the answer is the same whether the email has an account. */
export function ForgotPasswordForm() {
  const { pending, error, fields, run } = useRequest('요청하지 못했습니다.');
  const [sentTo, setSentTo] = useState<string>();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '');
    await run(async () => {
      await apiFetch('/api/password-reset', { method: 'POST', body: { email } });
      setSentTo(email);
    });
  }

  return (
    <Panel as="details">
      <summary>비밀번호를 잊으셨나요?</summary>
      <form onSubmit={onSubmit} className="form" noValidate aria-label="재설정 링크 요청">
        {sentTo && (
          <Alert tone="success">
            {sentTo}로 가입된 계정이 있으면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해 주세요.
          </Alert>
        )}
        {error && <Alert>{error}</Alert>}
        <TextField
          name="email"
          id="reset-email"
          label="가입한 메일 주소"
          type="email"
          autoComplete="email"
          required
          error={fields.email}
        />
        <SubmitButton pending={pending} pendingLabel="보내는 중…">
          재설정 링크 받기
        </SubmitButton>
      </form>
    </Panel>
  );
}
