import type { Metadata } from 'next';
import { CheckoutReturn } from '@/components/checkout/checkout-return';
import { requireUser } from '@/lib/accounts/current-user';
import { impConfig } from '@/lib/imp-config';

export const metadata: Metadata = { title: '결제 확인' };

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

// The payment window's m_redirect_url: the service appends imp_uid, merchant_uid and imp_success.
export default async function CheckoutCompletePage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  // Signed out on the way back (a phone's session expired): sign in, then come back with the result.
  const here = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, one(value) ?? '']])),
  );
  await requireUser(`/checkout/complete?${here}`);
  const redirect = {
    productId: one(query.product) ?? '',
    merchantUid: one(query.merchant_uid),
    impUid: one(query.imp_uid),
    errorMessage: one(query.error_msg),
  };
  return (
    <section className="narrow">
      <h1>결제 확인</h1>
      <CheckoutReturn redirect={redirect} impConfig={impConfig()} />
    </section>
  );
}
