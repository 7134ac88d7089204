import Link from 'next/link';
import type { PriceChangeSummary } from '@/lib/subscriptions/client';
import { formatDate, formatDateTime, formatWon } from '@/lib/values/client';

/** Higher prices of the customer's subscriptions, each with a link to its page: an ask inside its window, else a notice. */
export function PriceChangeBanner({ changes }: { changes: PriceChangeSummary[] }) {
  if (changes.length === 0) return null;
  return (
    <div className="alert alert-info mb-4" role="status" aria-label="가격 변경 안내">
      {changes.map((change) => (
        <p key={change.id}>
          <strong>{change.planName}</strong> 가격이 {formatDate(change.effectiveFrom)}부터 {formatWon(change.oldAmount)}
          에서 {formatWon(change.newAmount)}으로 바뀝니다.{' '}
          {change.askOpen
            ? `${formatDateTime(change.changesAt)} 결제부터 적용되며, 동의하지 않으면 그 전에 구독이 종료됩니다. `
            : `동의는 ${formatDateTime(change.asksFrom)}부터 여쭙니다. `}
          <Link href={`/account/subscriptions/price-change/${change.id}`}>
            {change.askOpen ? '가격 변경 확인하고 답하기' : '가격 변경 자세히 보기'}
          </Link>
        </p>
      ))}
    </div>
  );
}
