'use client';
import Link from 'next/link';
import { useEffect, useRef } from 'react';
import { Alert } from '@/components/ui/alert';
import type { ImpConfig } from '@/lib/browser/imp-loader';
import { OrderResult } from './order-result';
import { usePurchase } from './use-purchase';

/** The m_redirect_url return: what the service put in the query, as the page received it. */
export interface CheckoutRedirect {
  productId: string;
  merchantUid?: string;
  impUid?: string;
  errorMessage?: string;
}

/** /checkout/complete: after a full-page payment window (phones), the server settles the order. */
export function CheckoutReturn({ redirect, impConfig }: { redirect: CheckoutRedirect; impConfig: ImpConfig }) {
  const { state, verify, setState } = usePurchase({ productId: redirect.productId, impConfig });
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    // A reload must not hand the same result in again.
    window.history.replaceState(null, '', window.location.pathname);
    const { merchantUid, impUid, errorMessage } = redirect;
    if (merchantUid && impUid) void verify(merchantUid, impUid);
    else setState({ phase: 'error', message: errorMessage || '결제가 취소되었습니다.' });
  }, [redirect, verify, setState]);

  return (
    <div className="stack" aria-live="polite">
      {(state.phase === 'idle' || state.phase === 'verifying') && <p role="status">결제 결과를 확인하고 있습니다…</p>}
      {state.phase === 'error' && <Alert>{state.message}</Alert>}
      {state.phase === 'done' && <OrderResult order={state.order} />}
      <p>
        <Link href={`/products/${encodeURIComponent(redirect.productId)}`}>상품으로 돌아가기</Link> ·{' '}
        <Link href="/account/orders">주문 내역</Link>
      </p>
    </div>
  );
}
