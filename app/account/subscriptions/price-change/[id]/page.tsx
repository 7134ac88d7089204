import type { Metadata } from 'next';
import Link from 'next/link';
import { PriceChangeConsent } from '@/components/subscriptions/price-change-consent';
import { requireUser } from '@/lib/routes';
import { pendingPriceChanges } from '@/lib/subscriptions';

export const metadata: Metadata = { title: '가격 변경 안내' };

export default async function PriceChangePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/account/subscriptions/price-change/${id}`);
  const change = (await pendingPriceChanges(user.id)).find((candidate) => candidate.id === id);
  return (
    <section className="narrow">
      <h1>가격 변경 안내</h1>
      {change ? (
        <PriceChangeConsent change={change} />
      ) : (
        <p>
          동의를 기다리는 가격 변경이 없습니다. <Link href="/account/subscriptions">정기구독으로 돌아가기</Link>
        </p>
      )}
    </section>
  );
}
