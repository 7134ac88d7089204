'use client';
import { useRouter } from 'next/navigation';
import { PasswordForm } from '@/components/accounts/password-form';
import { apiFetch } from '@/lib/browser/client';

/** The console's password change (required at the first login): the console's rule is 12자 이상. */
export function OpsPasswordForm() {
  const router = useRouter();
  return (
    <PasswordForm
      aria-label="비밀번호 변경"
      current={{ name: 'current' }}
      next={{ name: 'next', hint: '12자 이상' }}
      confirm={{ name: 'confirm' }}
      mismatch={{ message: '새 비밀번호가 서로 다릅니다.', field: '새 비밀번호가 서로 다릅니다.' }}
      send={({ current, next }) => apiFetch('/api/ops/password', { method: 'POST', body: { current, next } })}
      onChanged={() => {
        router.replace('/ops');
        router.refresh();
      }}
      leavesOnSuccess
    />
  );
}
