'use client';
import Link from 'next/link';
import type { AccountSummary } from '@/lib/accounts/client';
import { useAccount } from '@/lib/browser/client';
import { PasswordSignInForm } from './password-sign-in-form';

/** The shop's sign-in: back to the page that asked for it (`next`), the header knowing who signed in. */
export function SignInForm({ next }: { next: string }) {
  const { mutate } = useAccount();
  return (
    <PasswordSignInForm<{ account: AccountSummary }>
      className="form"
      endpoint="/api/session"
      emailAutoComplete="email"
      destination={async (answer) => {
        await mutate(answer, { revalidate: false });
        return next;
      }}
      footer={
        <p className="form-footer">
          아직 회원이 아니신가요? {/* Signing up instead still returns to the page that asked for sign-in. */}
          <Link href={next === '/account' ? '/signup' : `/signup?next=${encodeURIComponent(next)}`}>
            본인인증 후 가입하기
          </Link>
        </p>
      }
    />
  );
}
