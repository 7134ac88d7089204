import Link from 'next/link';
import { formatDate, formatWon } from '@/lib/shared/format';
import type { PriceChangeSummary } from '@/lib/shared/subscriptions';

/** Price changes waiting for the customer's consent, each with a link to its page. */
export function PriceChangeBanner({ changes }: { changes: PriceChangeSummary[] }) {
  if (changes.length === 0) return null;
  return (
    <div className="alert alert-info mb-4" role="status" aria-label="가격 변경 안내">
      {changes.map((change) => (
        <p key={change.id}>
          <strong>{change.planName}</strong> 가격이 {formatDate(change.effectiveFrom)}부터 {formatWon(change.oldAmount)}
          에서 {formatWon(change.newAmount)}으로 바뀝니다.{' '}
          {change.endsAt !== null && `동의하지 않으면 ${formatDate(change.endsAt)}에 구독이 종료됩니다. `}
          <Link href={`/account/subscriptions/price-change/${change.id}`}>가격 변경 확인하고 동의하기</Link>
        </p>
      ))}
    </div>
  );
}
