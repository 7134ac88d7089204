import type { Metadata } from 'next';
import { CardsManager } from '@/components/cards/cards-manager';
import { parseWindowMode } from '@/lib/identity/client';
import { impConfig } from '@/lib/imp-config';
import { isWallet } from '@/lib/payments/client';
import { requireUser } from '@/lib/routes';

export const metadata: Metadata = { title: '카드 관리' };

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export default async function CardsPage({ searchParams }: { searchParams: Promise<Query> }) {
  await requireUser('/account/cards');
  const query = await searchParams;
  // m_redirect_url mode (V1) or redirectUrl (V2): the service sends the browser back here with the result in the query.
  const impSuccess = one(query.imp_success);
  // A wallet's registration returns with `means` in its path (only the words depend on it).
  const means = one(query.means);
  const method = means && isWallet(means) ? means : undefined;
  const redirectResult =
    one(query.transactionType) === 'ISSUE_BILLING_KEY'
      ? {
          customerUid: one(query.customer_uid),
          billingKey: one(query.billingKey),
          success: one(query.code) === undefined,
          // A cancel is told as one, whatever words the PG used.
          errorMessage: one(query.pgCode) === 'USER_CANCEL' ? undefined : (one(query.pgMessage) ?? one(query.message)),
          method,
        }
      : impSuccess === undefined
        ? undefined
        : {
            customerUid: one(query.merchant_uid),
            impUid: one(query.imp_uid),
            success: impSuccess === 'true',
            errorMessage: one(query.error_msg),
            method,
          };
  return (
    <section>
      <h1>카드 관리</h1>
      <p className="lead">
        바로 구매와 정기구독에 쓸 카드나 간편결제(카카오페이·네이버페이·토스페이)를 등록하고, 기본 결제수단을 정합니다.
      </p>
      <CardsManager
        impConfig={impConfig()}
        windowMode={parseWindowMode(query.window)}
        redirectResult={redirectResult}
      />
    </section>
  );
}
