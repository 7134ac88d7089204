import type { Metadata } from 'next';
import Link from 'next/link';
import { EmailChangeConfirm } from '@/components/accounts/email-change-confirm';
import { Alert } from '@/components/ui/alert';

export const metadata: Metadata = { title: '이메일 변경 확인' };

/** The link mailed to the new address: a button confirms it (a mail scanner following the link changes nothing). */
export default async function EmailChangePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string | string[] }>;
}) {
  const { token } = await searchParams;
  return (
    <section className="narrow">
      <h1>이메일 변경 확인</h1>
      {typeof token === 'string' && token ? (
        <EmailChangeConfirm token={token} />
      ) : (
        <Alert>
          확인 링크가 올바르지 않습니다. <Link href="/account">내 계정</Link>에서 이메일 변경을 다시 요청해 주세요.
        </Alert>
      )}
    </section>
  );
}
