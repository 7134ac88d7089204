'use client';
import { Alert } from '@/components/ui/alert';
import { apiFetch } from '@/lib/browser/client';
import { PasswordForm } from './password-form';

/** 비밀번호 변경: the current one, then the new one twice (the rules of signup: 8자 이상). */
export function PasswordChangeForm() {
  return (
    <PasswordForm
      className="form"
      aria-labelledby="password-heading"
      intro={
        <>
          <h2 id="password-heading" className="mb-0">
            비밀번호 변경
          </h2>
          <p className="field-hint">바꾸면 이 기기를 뺀 다른 기기에서는 모두 로그아웃됩니다.</p>
        </>
      }
      changedNotice={<Alert tone="success">비밀번호를 바꿨습니다. 다른 기기에서는 로그아웃되었습니다.</Alert>}
      current={{ name: 'currentPassword', id: 'password-current' }}
      next={{ name: 'newPassword', id: 'password-new', hint: '8자 이상' }}
      confirm={{ name: 'newPasswordConfirm', id: 'password-new-confirm' }}
      mismatch={{ message: '입력값을 확인해 주세요.', field: '새 비밀번호가 일치하지 않습니다.' }}
      send={({ current, next }) =>
        apiFetch('/api/account/password', { method: 'PUT', body: { currentPassword: current, newPassword: next } })
      }
      onChanged={(form) => form.reset()}
      submitClassName="self-start"
    />
  );
}
