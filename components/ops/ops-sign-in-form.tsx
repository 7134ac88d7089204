'use client';
import { PasswordSignInForm } from '@/components/accounts/password-sign-in-form';

/** The console's sign-in: a first login goes to the password change first. */
export function OpsSignInForm() {
  return (
    <PasswordSignInForm<{ operator: { mustChangePassword: boolean } }>
      aria-label="운영자 로그인"
      endpoint="/api/ops/session"
      emailAutoComplete="username"
      destination={({ operator }) => (operator.mustChangePassword ? '/ops/password' : '/ops')}
    />
  );
}
