import type { Metadata } from 'next';
import Link from 'next/link';
import { PolicyDocument } from '@/components/legal/policy-document';
import { sellerInfo } from '@/lib/legal';
import { PRIVACY_POLICY_EFFECTIVE, PRIVACY_POLICY_VERSION, privacyPolicy } from '@/lib/legal/client';
import { withTopic } from '@/lib/values/client';

export const metadata: Metadata = { title: '개인정보처리방침' };

// GET /privacy — the privacy policy, public (read before signing up).
export default function PrivacyPage() {
  const seller = sellerInfo();
  return (
    <article className="mx-auto max-w-3xl">
      <h1>개인정보처리방침</h1>
      <p className="lead">
        {withTopic(seller.legalName)} 「개인정보 보호법」에 따라 회원의 개인정보를 보호하고 관련 고충을 신속하게
        처리하기 위해 다음과 같이 개인정보처리방침을 둡니다.
      </p>
      <p className="text-sm text-muted">
        버전 {PRIVACY_POLICY_VERSION} · 시행일 {PRIVACY_POLICY_EFFECTIVE} · <Link href="/terms">이용약관</Link>
      </p>
      <PolicyDocument sections={privacyPolicy(seller)} />
    </article>
  );
}
