'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { apiFetch } from '@/lib/browser/client';
import { PasswordForm } from './password-form';

/** Sets a new password with the token from the reset mail's link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <Alert tone="success">
        비밀번호를 바꿨습니다. 모든 기기에서 로그아웃되었으니 <Link href="/signin">새 비밀번호로 로그인</Link>해 주세요.
      </Alert>
    );
  }
  return (
    <PasswordForm
      className="form"
      next={{ name: 'password', hint: '8자 이상' }}
      confirm={{ name: 'confirm' }}
      mismatch={{ message: '입력한 두 비밀번호가 다릅니다.', field: '비밀번호가 일치하지 않습니다.' }}
      send={({ next }) => apiFetch('/api/password-reset/confirm', { method: 'POST', body: { token, password: next } })}
      onChanged={() => setDone(true)}
    />
  );
}
