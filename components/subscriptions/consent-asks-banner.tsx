'use client';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type ConsentAsk, SNOOZE_COOKIE_PREFIX } from '@/lib/subscriptions/client';
import { formatDateTime, formatWon } from '@/lib/values/client';

const SNOOZE_COOKIE_DAYS = 30;

interface Props {
  asks: ConsentAsk[];
  /** Service clock: 7 days from now, until when "7일간 보지 않기" hides an ask. */
  snoozeUntil: number;
}

/**
 * The account pages' reminder of consents asked for (a trial's conversion, a higher price), each with
 * a link to the page that asks and "7일간 보지 않기" (반복간섭: once the customer says so, not again for
 * 7 days). Not on the subscriptions pages, which ask themselves.
 */
export function ConsentAsksBanner({ asks, snoozeUntil }: Props) {
  const pathname = usePathname();
  const [hidden, setHidden] = useState<string[]>([]);
  const shown = asks.filter((ask) => !hidden.includes(ask.id));
  if (shown.length === 0 || pathname.startsWith('/account/subscriptions')) return null;

  function snooze(id: string) {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference the server reads; nothing secret.
    document.cookie = `${SNOOZE_COOKIE_PREFIX}${id}=${snoozeUntil}; path=/account; max-age=${SNOOZE_COOKIE_DAYS * 86_400}; samesite=lax`;
    setHidden((ids) => [...ids, id]);
  }

  return (
    <section className="alert alert-info mb-4" aria-label="동의 요청">
      {shown.map((ask) => (
        <div key={ask.id} className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="m-0 min-w-0 flex-1">
            <strong>{ask.planName}</strong>{' '}
            {ask.kind === 'trial'
              ? `무료 체험이 ${formatDateTime(ask.decidesAt)}에 끝납니다. 유료 전환(${formatWon(ask.amount)})에 동의하실지 골라 주세요. 동의하지 않으면 결제 없이 끝납니다.`
              : `가격이 ${formatDateTime(ask.decidesAt)} 결제부터 ${formatWon(ask.amount)}으로 바뀝니다. 동의하지 않으면 그 전에 구독이 끝납니다.`}{' '}
            <Link href={ask.href}>확인하고 선택하기</Link>
          </p>
          <Button variant="link" onClick={() => snooze(ask.id)}>
            7일간 보지 않기
          </Button>
        </div>
      ))}
    </section>
  );
}
