import type { Metadata } from 'next';
import Link from 'next/link';
import { EmailChangeForm } from '@/components/accounts/email-change-form';
import { HideAfterWithdrawal } from '@/components/accounts/hide-after-withdrawal';
import { MarketingConsent } from '@/components/accounts/marketing-consent';
import { PasswordChangeForm } from '@/components/accounts/password-change-form';
import { WithdrawalSection } from '@/components/accounts/withdrawal-section';
import { ConsentLog } from '@/components/consents/consent-log';
import { EmailText } from '@/components/ui/email-text';
import { Panel } from '@/components/ui/panel';
import { pendingEmailChange, toAccountSummary } from '@/lib/accounts';
import { genderLabel } from '@/lib/accounts/client';
import { listActiveCards } from '@/lib/cards';
import { consentEntries } from '@/lib/consents';
import { marketingAgreed, signupTerm } from '@/lib/consents/client';
import { iamport } from '@/lib/iamport';
import { sellerInfo } from '@/lib/legal';
import { ordersStillOwed } from '@/lib/orders';
import { requireUser } from '@/lib/routes';
import { boxesOf, findPlan, isUnfinished, listUserSubscriptions } from '@/lib/subscriptions';
import { formatCalendarDate, formatDateTime } from '@/lib/values/client';

export const metadata: Metadata = { title: '내 계정' };

export default async function AccountPage() {
  const user = await requireUser('/account');
  const account = toAccountSummary(user);
  // The service's clock decides whether a delivered order may still be returned; unread, ours.
  const now = await iamport()
    .serviceNow()
    .catch(() => Math.floor(Date.now() / 1000));
  const [consents, subscriptions, cards, emailChange, owedOrders] = await Promise.all([
    consentEntries(user.id),
    listUserSubscriptions(user.id),
    listActiveCards(user.id),
    pendingEmailChange(user.id),
    ordersStillOwed(user.id, now),
  ]);
  // What ending each live subscription now gives back (lib/subscriptions/cancel-now.ts), and for goods
  // its newest box as it stands: sent or not, the dialog says which.
  const unfinished = subscriptions.filter(isUnfinished);
  const boxes = await boxesOf(unfinished.map((s) => s.id));
  const live = unfinished.map((s) => ({
    name: s.planName,
    ending:
      s.trialEndsAt !== null && (s.currentPeriodEnd ?? 0) <= s.trialEndsAt
        ? ('trial' as const)
        : findPlan(s.planId)?.kind === 'goods'
          ? ('goods' as const)
          : ('pro_rata' as const),
    box: boxes.find((box) => box.subscriptionId === s.id) ?? null,
  }));
  const seller = sellerInfo();
  const marketing = consents.find((consent) => consent.kind === 'marketing');
  return (
    <>
      <h1>내 계정</h1>
      <HideAfterWithdrawal fallback={<p className="lead">탈퇴한 계정입니다. 개인정보를 지웠습니다.</p>}>
        <Panel aria-labelledby="identity-heading">
          <h2 id="identity-heading">본인인증 정보</h2>
          <dl className="facts">
            <dt>이름</dt>
            <dd>{account.name}</dd>
            <dt>생년월일</dt>
            <dd>{formatCalendarDate(account.birthday)}</dd>
            <dt>성별</dt>
            <dd>{genderLabel[account.gender]}</dd>
            <dt>이메일</dt>
            <dd>
              <EmailText email={account.email} />
            </dd>
            <dt>인증 일시</dt>
            <dd>{formatDateTime(account.certifiedAt)}</dd>
          </dl>
        </Panel>
        <Panel as="nav" aria-label="계정 메뉴">
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
        </Panel>
        <div className="grid gap-4 md:grid-cols-2 md:items-start">
          <Panel as="div" className="mb-0">
            <EmailChangeForm pending={emailChange ?? null} />
          </Panel>
          <Panel as="div" className="mb-0">
            <PasswordChangeForm />
          </Panel>
        </div>
        <div className="mt-4">
          <MarketingConsent
            agreed={marketingAgreed(consents)}
            since={marketing?.givenAt}
            term={signupTerm('marketing')}
          />
        </div>
        <Panel aria-labelledby="consents-heading">
          <h2 id="consents-heading">동의 기록</h2>
          <p className="field-hint">약관·카드 등록·정기결제에 동의한 기록입니다. 기록은 고치거나 지울 수 없습니다.</p>
          <ConsentLog consents={consents} />
        </Panel>
      </HideAfterWithdrawal>
      <WithdrawalSection
        liveSubscriptions={live}
        cardCount={cards.length}
        owedOrders={owedOrders}
        contact={{ phone: seller.phone, email: seller.email }}
      />
    </>
  );
}
