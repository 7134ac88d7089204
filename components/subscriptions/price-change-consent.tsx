'use client';
import Link from 'next/link';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { useRequest } from '@/components/ui/use-request';
import { apiFetch } from '@/lib/browser/client';
import type { PriceChangeSummary } from '@/lib/subscriptions/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

type Answer = 'accept' | 'decline';

/**
 * A higher price: the old and new price, the date of the first charge at it, the card, how to cancel
 * — as the server rendered them — and, inside the 30 days before that charge, two answers of equal
 * size and look. Before the window it only informs (a consent then would not count).
 */
export function PriceChangeConsent({ change }: { change: PriceChangeSummary }) {
  const [answered, setAnswered] = useState<Answer>();
  const [sending, setSending] = useState<Answer>();
  const { error, run } = useRequest('답변을 저장하지 못했습니다.');

  async function answer(decision: Answer) {
    setSending(decision);
    const body = decision === 'accept' ? { consent: { agreed: true } } : { decision };
    const ok = await run(() => apiFetch(`/api/subscriptions/price-changes/${change.id}`, { method: 'POST', body }));
    setSending(undefined);
    if (ok) setAnswered(decision);
  }

  if (answered) {
    return (
      <Alert tone="success">
        {answered === 'accept'
          ? `동의했습니다. ${formatDateTime(change.changesAt)} 정기결제부터 ${formatWon(change.newAmount)}으로 결제됩니다.`
          : '동의하지 않으셨습니다. 바뀐 가격으로는 결제되지 않고, 지금 이용 기간이 끝날 때 구독이 종료됩니다.'}{' '}
        <Link href="/account/subscriptions">정기구독으로 돌아가기</Link>
      </Alert>
    );
  }
  const choice = (decision: Answer, label: string) => (
    <Button
      variant="choice"
      disabled={sending !== undefined}
      pending={sending === decision}
      pendingLabel="저장 중…"
      onClick={() => answer(decision)}
    >
      {label}
    </Button>
  );
  return (
    <section className="consent-box" aria-label="가격 변경 동의">
      <ul className="consent-terms">
        {change.text.slice(0, -1).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {change.status === 'declined' && (
        <p role="status">동의하지 않으셨습니다. 이용 기간이 끝나기 전에는 마음을 바꿔 동의하실 수 있습니다.</p>
      )}
      {error && <Alert>{error}</Alert>}
      {change.askOpen ? (
        <>
          <p className="m-0 font-semibold">{change.text.at(-1)}</p>
          <div className="choice-row">
            {choice('accept', '바뀐 가격에 동의')}
            {change.status !== 'declined' && choice('decline', '동의하지 않음')}
          </div>
        </>
      ) : (
        <p role="status">
          지금은 안내만 드립니다. 바뀐 가격에 대한 동의는 <DateTime at={change.asksFrom} />
          부터 여쭙니다(바뀌기 전 30일 안에 받은 동의만 유효합니다).
        </p>
      )}
    </section>
  );
}
