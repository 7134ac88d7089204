'use client';
import { useRouter } from 'next/navigation';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DocumentDialog } from '@/components/ui/document-dialog';
import { Panel } from '@/components/ui/panel';
import { useRequest } from '@/components/ui/use-request';
import { apiFetch } from '@/lib/browser/client';
import type { SignupTerm } from '@/lib/consents/client';
import { formatDateTime } from '@/lib/values/client';

interface Props {
  agreed: boolean;
  /** When the current answer was given (service clock), if ever. */
  since?: number;
  /** The marketing term, passed by the server page: importing the terms here would ship every term's text. */
  term: SignupTerm;
}

/** 마케팅 정보 수신: the current answer and one button to change it; each change is a new consent-log row. */
export function MarketingConsent({ agreed, since, term }: Props) {
  const router = useRouter();
  const { pending, error, run } = useRequest('수신 설정을 바꾸지 못했습니다.');

  async function change() {
    const ok = await run(() =>
      apiFetch('/api/account/marketing', { method: 'POST', body: { agreed: !agreed, version: term.version } }),
    );
    if (ok) router.refresh();
  }

  return (
    <Panel aria-labelledby="marketing-heading">
      <div className="flex items-center justify-between gap-3">
        <h2 id="marketing-heading" className="mb-0">
          마케팅 정보 수신
        </h2>
        <DocumentDialog
          title={term.title}
          paragraphs={term.body}
          version={term.version}
          triggerLabel="마케팅 정보 수신 안내 보기"
        />
      </div>
      <p>
        새 상품·할인 소식 메일: <strong>{agreed ? '받음' : '받지 않음'}</strong>
        {since !== undefined && <span className="text-muted"> ({formatDateTime(since)}부터)</span>}
      </p>
      {error && <Alert>{error}</Alert>}
      <Button variant={agreed ? 'secondary' : 'primary'} pending={pending} pendingLabel="바꾸는 중…" onClick={change}>
        {agreed ? '수신 동의 철회' : '수신 동의하기'}
      </Button>
    </Panel>
  );
}
