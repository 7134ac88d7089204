import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { ForgotPasswordForm } from '@/components/accounts/forgot-password-form';
import { SignInForm } from '@/components/accounts/sign-in-form';
import { currentUser } from '@/lib/routes';
import { safeReturnPath } from '@/lib/values/client';

export const metadata: Metadata = { title: '로그인' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const next = safeReturnPath((await searchParams).next);
  if (await currentUser()) redirect(next);
  return (
    <section className="narrow">
      <h1>로그인</h1>
      <SignInForm next={next} />
      <ForgotPasswordForm />
    </section>
  );
}
