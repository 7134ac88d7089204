'use client';
import Link from 'next/link';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { finishAttempt } from '@/lib/browser/client';
import type { PurchaseAttempt } from '@/lib/orders/client';
import { OrderResult } from './order-result';

interface Props {
  /** The order named in the address, as the server settled it; undefined: none of this customer's. */
  attempt: PurchaseAttempt | undefined;
  /** The window's own words when it returned without paying (shown only if the order is unpaid). */
  windowMessage?: string;
}

/** /checkout/complete: the order's state from the server, the same on every reload and shared link. */
export function CheckoutReturn({ attempt, windowMessage }: Props) {
  const order = attempt?.order;

  useEffect(() => {
    if (!order) return;
    // The address names the order only: a reload asks the server again, with nothing to re-send.
    window.history.replaceState(null, '', `/checkout/complete?order=${encodeURIComponent(order.merchantUid)}`);
    // The customer has seen the outcome: the product page offers a new purchase, not this one.
    if (order.status !== 'pending') finishAttempt(`checkout:${order.productId}`);
  }, [order]);

  if (!order) {
    return (
      <div className="stack">
        <Alert tone="info">
          <p>확인할 주문을 찾지 못했습니다. 결제 결과는 주문 내역에서 확인할 수 있습니다.</p>
        </Alert>
        <p>
          <Link href="/account/orders">주문 내역</Link> · <Link href="/products">상품 목록</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="stack" aria-live="polite">
      {attempt.windowOpen ? (
        <Alert tone="info">
          <p>
            <strong>결제가 완료되지 않았습니다.</strong> {windowMessage}
          </p>
          <p>결제된 금액은 없습니다. 상품 페이지에서 다시 결제할 수 있습니다.</p>
        </Alert>
      ) : (
        <OrderResult order={order} />
      )}
      <p>
        <Link href={`/products/${encodeURIComponent(order.productId)}`}>상품으로 돌아가기</Link> ·{' '}
        <Link href="/account/orders">주문 내역</Link>
      </p>
    </div>
  );
}
