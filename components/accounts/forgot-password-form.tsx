'use client';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Panel } from '@/components/ui/panel';
import { SubmitButton } from '@/components/ui/submit-button';
import { useRequest } from '@/components/ui/use-request';
import { apiFetch } from '@/lib/browser/client';
import { EmailField } from './email-field';

/** 비밀번호 찾기: asks for a reset link by mail; the answer is the same whether the email has an account. */
export function ForgotPasswordForm() {
  const { pending, error, fields, run, summary } = useRequest('요청하지 못했습니다.');
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
      <form method="post" onSubmit={onSubmit} className="form" noValidate aria-label="재설정 링크 요청">
        {sentTo && (
          <Alert tone="success">
            {sentTo}로 가입된 계정이 있으면 비밀번호 재설정 링크를 보냈습니다. 메일함을 확인해 주세요.
          </Alert>
        )}
        {error && <Alert heardOnly={!summary}>{error}</Alert>}
        <EmailField id="reset-email" label="가입한 메일 주소" error={fields.email} />
        <SubmitButton pending={pending} pendingLabel="보내는 중…">
          재설정 링크 받기
        </SubmitButton>
      </form>
    </Panel>
  );
}
