import type { Metadata } from 'next';
import Link from 'next/link';
import { EmailChangeConfirm } from '@/components/accounts/email-change-confirm';
import { LinkLanding, type LinkPageProps } from '@/components/accounts/link-landing';

const title = '이메일 변경 확인';
export const metadata: Metadata = { title };

/** The link mailed to the new address: a button confirms it (a mail scanner following the link changes nothing). */
export default async function EmailChangePage({ searchParams }: LinkPageProps) {
  const invalid = (
    <>
      확인 링크가 올바르지 않습니다. <Link href="/account">내 계정</Link>에서 이메일 변경을 다시 요청해 주세요.
    </>
  );
  return (
    <LinkLanding title={title} token={(await searchParams).token} invalid={invalid}>
      {(token) => <EmailChangeConfirm token={token} />}
    </LinkLanding>
  );
}
