import type { Metadata } from 'next';
import Link from 'next/link';
import { LinkLanding, type LinkPageProps } from '@/components/accounts/link-landing';
import { ResetPasswordForm } from '@/components/accounts/reset-password-form';

const title = '비밀번호 재설정';
export const metadata: Metadata = { title };

/** The link of the reset mail: the new password is set on submit. */
export default async function ResetPasswordPage({ searchParams }: LinkPageProps) {
  const invalid = (
    <>
      재설정 링크가 올바르지 않습니다. <Link href="/signin">로그인 화면</Link>에서 비밀번호 찾기를 다시 요청해 주세요.
    </>
  );
  return (
    <LinkLanding title={title} token={(await searchParams).token} invalid={invalid}>
      {(token) => <ResetPasswordForm token={token} />}
    </LinkLanding>
  );
}
