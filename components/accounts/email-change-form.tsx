'use client';
import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { apiFetch } from '@/lib/browser/api';
import { useFormRequest } from './use-form-request';

/** 이메일 변경: the new address and the current password (someone at an unlocked screen cannot take the account). */
export function EmailChangeForm() {
  const router = useRouter();
  const { pending, error, done, submit } = useFormRequest('이메일을 바꾸지 못했습니다.');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const ok = await submit(() =>
      apiFetch('/api/account/email', {
        method: 'PUT',
        body: { email: data.get('email'), currentPassword: data.get('currentPassword') },
      }),
    );
    if (ok) {
      form.reset();
      router.refresh();
    }
  }

  return (
    <form onSubmit={onSubmit} className="form" noValidate aria-labelledby="email-heading">
      <h2 id="email-heading" className="mb-0">
        이메일 변경
      </h2>
      <p className="field-hint">로그인과 안내 메일에 쓰는 이메일입니다. 지금 이메일은 위 본인인증 정보에 있습니다.</p>
      {done && <Alert tone="success">이메일을 바꿨습니다. 다음 로그인부터 새 이메일을 쓰세요.</Alert>}
      {error && <Alert>{error.message}</Alert>}
      <TextField
        id="email-new"
        name="email"
        label="새 이메일"
        type="email"
        autoComplete="email"
        required
        error={error?.fields.email}
      />
      <TextField
        id="email-current-password"
        name="currentPassword"
        label="현재 비밀번호"
        type="password"
        autoComplete="current-password"
        required
        error={error?.fields.currentPassword}
      />
      <SubmitButton pending={pending} pendingLabel="바꾸는 중…" className="button self-start">
        이메일 바꾸기
      </SubmitButton>
    </form>
  );
}
