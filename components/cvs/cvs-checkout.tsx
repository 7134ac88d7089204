'use client';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { attemptKey, finishAttempt, useOrderActions, useOrders } from '@/lib/browser/client';
import type { Product } from '@/lib/orders/client';
import { formatWon } from '@/lib/values/client';
import { BarcodeCard } from './barcode-card';

/** /cvs: a barcode for a product, paid in cash or by card at a convenience store. */
export function CvsCheckout({ products }: { products: readonly Product[] }) {
  // Nothing chosen for the customer (issue 33): the button waits for their pick.
  const [productId, setProductId] = useState('');
  const [issuing, setIssuing] = useState(false);
  const [error, setError] = useState<string>();
  const { orders, isLoading } = useOrders();
  const { issueBarcode, cancelBarcode } = useOrderActions();
  const waiting = orders?.filter((order) => order.method === 'cvs' && order.status === 'awaiting') ?? [];
  const collected = orders?.filter((order) => order.method === 'cvs' && order.status === 'paid').slice(0, 3) ?? [];

  async function issue(event: React.FormEvent) {
    event.preventDefault();
    const scope = `cvs:${productId}`;
    setIssuing(true);
    setError(undefined);
    try {
      await issueBarcode(productId, attemptKey(scope));
      finishAttempt(scope);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : '바코드를 발급하지 못했습니다.');
    } finally {
      setIssuing(false);
    }
  }

  return (
    <>
      <Panel as="form" className="form" aria-label="편의점 결제 바코드 발급" onSubmit={issue}>
        <fieldset className="choices">
          <legend>상품</legend>
          {products.map((product) => (
            <label key={product.id}>
              <input
                type="radio"
                name="product"
                value={product.id}
                checked={productId === product.id}
                onChange={() => setProductId(product.id)}
              />{' '}
              {product.name} · {formatWon(product.price)}
            </label>
          ))}
        </fieldset>
        {error && <Alert>{error}</Alert>}
        <Button type="submit" pending={issuing} pendingLabel="발급 중…" disabled={!productId}>
          바코드 발급
        </Button>
      </Panel>
      <Panel aria-labelledby="waiting-heading">
        <h2 id="waiting-heading">결제 대기 중인 바코드</h2>
        {isLoading && <p aria-busy="true">불러오는 중…</p>}
        {orders && waiting.length === 0 && <p>결제를 기다리는 바코드가 없습니다.</p>}
        {waiting.length > 0 && (
          <ul className="card-list" aria-label="결제 대기 바코드">
            {waiting.map((order) => (
              <BarcodeCard key={order.id} order={order} onCancel={cancelBarcode} />
            ))}
          </ul>
        )}
        {collected.length > 0 && (
          <p role="status">
            최근 결제 완료: {collected.map((order) => `${order.productName} ${formatWon(order.amount)}`).join(', ')}
          </p>
        )}
      </Panel>
    </>
  );
}
