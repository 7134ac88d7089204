import type { Metadata } from 'next';
import { CardsManager } from '@/components/cards/cards-manager';
import { parseWindowMode } from '@/lib/identity/client';
import { impConfig } from '@/lib/imp-config';
import { requireUser } from '@/lib/routes';

export const metadata: Metadata = { title: '카드 관리' };

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function CardsPage({ searchParams }: { searchParams: Promise<Query> }) {
  await requireUser('/account/cards');
  const query = await searchParams;
  // m_redirect_url mode: the service sends the browser back here with the result in the query.
  const impSuccess = one(query.imp_success);
  const redirectResult =
    impSuccess === undefined
      ? undefined
      : {
          customerUid: one(query.merchant_uid),
          impUid: one(query.imp_uid),
          success: impSuccess === 'true',
          errorMessage: one(query.error_msg),
        };
  return (
    <section>
      <h1>카드 관리</h1>
      <p className="lead">바로 구매와 정기구독에 쓸 카드를 등록하고, 기본 카드를 정합니다.</p>
      <CardsManager
        impConfig={impConfig()}
        windowMode={parseWindowMode(query.window)}
        redirectResult={redirectResult}
      />
    </section>
  );
}
