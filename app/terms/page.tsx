import type { Metadata } from 'next';
import Link from 'next/link';
import { Panel } from '@/components/ui/panel';
import { signupTerm } from '@/lib/consents/client';

export const metadata: Metadata = { title: '이용약관' };

// GET /terms — the terms of use, word for word the text a signup consents to (same version).
export default function TermsPage() {
  const terms = signupTerm('terms');
  return (
    <article className="mx-auto max-w-3xl">
      <h1>{terms.title}</h1>
      <p className="text-sm text-muted">
        버전 {terms.version} · 회원가입 때 동의하는 약관과 같은 내용입니다 ·{' '}
        <Link href="/privacy" className="font-bold">
          개인정보처리방침
        </Link>
      </p>
      <Panel as="div">
        {terms.body.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Panel>
    </article>
  );
}
