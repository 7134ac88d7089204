import type { Metadata } from 'next';
import { CheckoutReturn } from '@/components/checkout/checkout-return';
import { orderForReturn } from '@/lib/orders';
import { failureWords } from '@/lib/payments/client';
import { requireUser } from '@/lib/routes';

export const metadata: Metadata = { title: '결제 확인' };

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The payment window's m_redirect_url (the service appends imp_uid, merchant_uid, imp_success; V2's
 * redirectUrl paymentId, txId and, on failure, code and message),
 * and the address it settles on, `?order=<merchant_uid>`: a reload or a shared link shows the
 * order as the server knows it — paid, being checked, not paid — never a guess from the query.
 */
export default async function CheckoutCompletePage({ searchParams }: { searchParams: Promise<Query> }) {
  const query = await searchParams;
  // Signed out on the way back (a phone's session expired): sign in, then come back with the result.
  const here = new URLSearchParams(
    Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, one(value) ?? '']])),
  );
  const user = await requireUser(`/checkout/complete?${here}`);
  // V2's redirectUrl brings paymentId (our merchant_uid) and, when it did not pay, code and message.
  const attempt = await orderForReturn(user, {
    merchantUid: one(query.merchant_uid) ?? one(query.paymentId) ?? one(query.order),
    impUid: one(query.imp_uid),
  });
  const v2Message = one(query.pgCode) === 'USER_CANCEL' ? 'USER_CANCEL' : (one(query.pgMessage) ?? one(query.message));
  return (
    <section className="narrow">
      <h1>결제 확인</h1>
      <CheckoutReturn attempt={attempt} windowMessage={failureWords(one(query.error_msg) ?? v2Message) ?? undefined} />
    </section>
  );
}
