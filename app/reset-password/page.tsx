import type { Metadata } from 'next';
import Link from 'next/link';
import { ResetPasswordForm } from '@/components/accounts/reset-password-form';
import { Alert } from '@/components/ui/alert';

export const metadata: Metadata = { title: '비밀번호 재설정' };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return (
    <section className="narrow">
      <h1>비밀번호 재설정</h1>
      {typeof token === 'string' && token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <Alert>
          재설정 링크가 올바르지 않습니다. <Link href="/signin">로그인 화면</Link>에서 비밀번호 찾기를 다시 요청해
          주세요.
        </Alert>
      )}
    </section>
  );
}
