'use client';
import type { FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { TextField } from '@/components/ui/text-field';
import { ApiError, apiFetch } from '@/lib/browser/api';
import { useFormRequest } from './use-form-request';

/** 비밀번호 변경: the current one, then the new one twice (the rules of signup: 8자 이상). */
export function PasswordChangeForm() {
  const { pending, error, done, setError, submit } = useFormRequest('비밀번호를 바꾸지 못했습니다.');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    if (data.get('newPassword') !== data.get('newPasswordConfirm')) {
      setError(
        new ApiError(400, 'bad_request', '입력값을 확인해 주세요.', {
          newPasswordConfirm: '새 비밀번호가 일치하지 않습니다.',
        }),
      );
      return;
    }
    const ok = await submit(() =>
      apiFetch('/api/account/password', {
        method: 'PUT',
        body: { currentPassword: data.get('currentPassword'), newPassword: data.get('newPassword') },
      }),
    );
    if (ok) form.reset();
  }

  return (
    <form onSubmit={onSubmit} className="form" noValidate aria-labelledby="password-heading">
      <h2 id="password-heading" className="mb-0">
        비밀번호 변경
      </h2>
      <p className="field-hint">바꾸면 이 기기를 뺀 다른 기기에서는 모두 로그아웃됩니다.</p>
      {done && <Alert tone="success">비밀번호를 바꿨습니다. 다른 기기에서는 로그아웃되었습니다.</Alert>}
      {error && <Alert>{error.message}</Alert>}
      <TextField
        id="password-current"
        name="currentPassword"
        label="현재 비밀번호"
        type="password"
        autoComplete="current-password"
        required
        error={error?.fields.currentPassword}
      />
      <TextField
        id="password-new"
        name="newPassword"
        label="새 비밀번호"
        type="password"
        autoComplete="new-password"
        hint="8자 이상"
        required
        error={error?.fields.newPassword}
      />
      <TextField
        id="password-new-confirm"
        name="newPasswordConfirm"
        label="새 비밀번호 확인"
        type="password"
        autoComplete="new-password"
        required
        error={error?.fields.newPasswordConfirm}
      />
      <SubmitButton pending={pending} pendingLabel="바꾸는 중…" className="button self-start">
        비밀번호 바꾸기
      </SubmitButton>
    </form>
  );
}
