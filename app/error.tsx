'use client';
import Link from 'next/link';
import { Button, buttonClassName } from '@/components/ui/button';

/** Anything a page failed to render: a plain Korean apology, a retry and a way back (details stay in the server log). */
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section className="narrow">
      <h1>페이지를 표시하지 못했습니다</h1>
      <p className="lead">일시적인 문제일 수 있습니다. 잠시 후 다시 시도해 주세요. 결제는 중복되지 않습니다.</p>
      <p className="flex flex-wrap gap-3">
        <Button onClick={reset}>다시 시도</Button>
        <Link href="/" className={buttonClassName('secondary')}>
          처음으로
        </Link>
      </p>
    </section>
  );
}
