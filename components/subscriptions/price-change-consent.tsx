'use client';
import Link from 'next/link';
import { useState } from 'react';
import { ConsentTerms } from '@/components/consents/consent-terms';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { useRequest } from '@/components/ui/use-request';
import { apiFetch } from '@/lib/browser/api';
import type { PriceChangeSummary } from '@/lib/shared/subscriptions';

/** The old and new price and the date, as the server rendered them, and a box that starts unchecked. */
export function PriceChangeConsent({ change }: { change: PriceChangeSummary }) {
  const [agreed, setAgreed] = useState(false);
  const [done, setDone] = useState(false);
  const { pending, error, run } = useRequest('동의를 저장하지 못했습니다.');

  async function confirm() {
    const ok = await run(() =>
      apiFetch(`/api/subscriptions/price-changes/${change.id}`, {
        method: 'POST',
        body: { consent: { agreed: true } },
      }),
    );
    if (ok) setDone(true);
  }

  if (done) {
    return (
      <Alert tone="success">
        동의했습니다. 다음 정기결제부터 바뀐 가격으로 결제됩니다.{' '}
        <Link href="/account/subscriptions">정기구독으로 돌아가기</Link>
      </Alert>
    );
  }
  return (
    <section className="consent-box" aria-label="가격 변경 동의">
      <ConsentTerms
        terms={change.text.slice(0, -1)}
        agreement={change.text.at(-1)}
        checked={agreed}
        disabled={pending}
        onChange={setAgreed}
      >
        {error && <Alert>{error}</Alert>}
      </ConsentTerms>
      <div className="button-row">
        <Button pending={pending} pendingLabel="저장 중…" disabled={!agreed} onClick={confirm}>
          동의하기
        </Button>
        <Link className={buttonClassName('secondary')} href="/account/subscriptions">
          나중에
        </Link>
      </div>
    </section>
  );
}
