import type { Metadata } from 'next';
import Link from 'next/link';
import { requireUser } from '@/lib/accounts/current-user';
import { toAccountSummary } from '@/lib/accounts/sign-in';
import { genderLabel } from '@/lib/shared/account';
import { formatCalendarDate, formatDateTime } from '@/lib/shared/format';

export const metadata: Metadata = { title: '내 계정' };

export default async function AccountPage() {
  const account = toAccountSummary(await requireUser('/account'));
  return (
    <>
      <h1>내 계정</h1>
      <section className="panel" aria-labelledby="identity-heading">
        <h2 id="identity-heading">본인인증 정보</h2>
        <dl className="facts">
          <dt>이름</dt>
          <dd>{account.name}</dd>
          <dt>생년월일</dt>
          <dd>{formatCalendarDate(account.birthday)}</dd>
          <dt>성별</dt>
          <dd>{genderLabel[account.gender]}</dd>
          <dt>이메일</dt>
          <dd>{account.email}</dd>
          <dt>인증 일시</dt>
          <dd>{formatDateTime(account.certifiedAt)}</dd>
        </dl>
      </section>
      <nav aria-label="계정 메뉴" className="panel">
        <ul className="link-list">
          <li>
            <Link href="/account/cards">카드 관리</Link>
          </li>
          <li>
            <Link href="/account/orders">주문 내역</Link>
          </li>
          <li>
            <Link href="/account/subscriptions">정기구독</Link>
          </li>
        </ul>
      </nav>
    </>
  );
}
