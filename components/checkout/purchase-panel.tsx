'use client';
import Link from 'next/link';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { finishAttempt } from '@/lib/browser/attempt-key';
import { type ImpConfig, loadImp } from '@/lib/browser/imp-loader';
import { useAttempts } from '@/lib/browser/resources/use-attempts';
import { useCards } from '@/lib/browser/resources/use-cards';
import type { WindowMode } from '@/lib/shared/identity';
import type { Product } from '@/lib/shared/orders';
import { OrderResult } from './order-result';
import { type PurchaseState, usePurchase } from './use-purchase';

interface Props {
  product: Product;
  impConfig: ImpConfig;
  windowMode?: WindowMode;
}

const busyLabel: Partial<Record<PurchaseState['phase'], string>> = {
  charging: '등록된 카드로 결제하고 있습니다…',
  opening: '결제창을 준비하고 있습니다…',
  window_open: '결제창에서 카드 정보를 입력해 주세요.',
  verifying: '결제 결과를 확인하고 있습니다…',
};

/** A product's two ways to buy, for a signed-in customer. */
export function PurchasePanel({ product, impConfig, windowMode }: Props) {
  const { state, buyNow, payInWindow, setState } = usePurchase({ productId: product.id, impConfig, windowMode });
  const scopes = [`buy:${product.id}`, `checkout:${product.id}`];
  const { attempts, refresh } = useAttempts(scopes);
  const { cards, isLoading: cardsLoading } = useCards();
  const defaultCard = cards?.find((card) => card.isDefault);
  const busy = state.phase in busyLabel;

  // Load the script with the page, so the click opens the window at once (popup blockers).
  useEffect(() => {
    loadImp(impConfig).catch(() => undefined);
  }, [impConfig]);

  // What the page finished itself, or settled behind its back, is asked about again.
  useEffect(() => {
    if (state.phase === 'done' || state.phase === 'error') refresh();
  }, [state.phase, refresh]);

  // An attempt this page did not see end (a reload or the back button while the window was open,
  // a charge whose answer was lost): the server's record of it, until the customer starts anew.
  const ownResult = state.phase !== 'idle' && state.phase !== 'error';
  const found = ownResult
    ? undefined
    : (attempts?.find((a) => a.order.status === 'paid') ?? attempts?.find((a) => a.order.status === 'pending'));
  const justPaid = (state.phase === 'done' && state.order.status === 'paid') || found?.order.status === 'paid';
  const checking = found?.order.status === 'pending' && !found.windowOpen;

  // An attempt that ended without money (declined, refunded) holds nothing to show: the next click is new.
  useEffect(() => {
    for (const { order } of attempts ?? []) {
      if (order.status === 'paid' || order.status === 'pending') continue;
      finishAttempt(`${order.method === 'billing_key' ? 'buy' : 'checkout'}:${product.id}`);
    }
  }, [attempts, product.id]);

  function startAnew() {
    for (const scope of scopes) finishAttempt(scope);
    setState({ phase: 'idle' });
    refresh();
  }

  return (
    <div className="stack">
      {/* The outcome goes first, where the customer is looking after the click. */}
      <div aria-live="polite">
        {busy && <p role="status">{busyLabel[state.phase]}</p>}
        {state.phase === 'error' && !found && <Alert>{state.message}</Alert>}
        {state.phase === 'done' && <OrderResult order={state.order} />}
        {found?.order.status === 'paid' && (
          <Alert tone="success">
            <p>
              <strong>방금 결제가 완료된 주문이 있습니다</strong> — {found.order.productName} ·{' '}
              <Link href="/account/orders">주문 보기</Link>
            </p>
          </Alert>
        )}
        {checking && found && <OrderResult order={found.order} />}
        {found?.windowOpen && !busy && (
          <Alert tone="info">
            <p>결제창에서 진행 중인 주문이 있습니다. 결제를 마치면 이 화면에 결과가 표시됩니다.</p>
          </Alert>
        )}
      </div>
      {justPaid ? (
        <section className="panel" aria-labelledby="buy-again-heading">
          <h2 id="buy-again-heading">다시 구매하기</h2>
          <p>같은 상품을 한 번 더 구매하려면 새로 주문해 주세요.</p>
          <button type="button" className="button button-secondary" onClick={startAnew}>
            새로 구매하기
          </button>
        </section>
      ) : (
        <>
          <section className="panel" aria-labelledby="buy-now-heading">
            <h2 id="buy-now-heading">바로 구매</h2>
            {cardsLoading && <p aria-busy="true">카드 정보를 불러오는 중…</p>}
            {cards && !defaultCard && (
              <p>
                등록된 카드가 없습니다. <Link href="/account/cards">카드를 등록</Link>하면 클릭 한 번으로 결제할 수
                있습니다.
              </p>
            )}
            {defaultCard && (
              <p>
                결제 카드: <strong>{defaultCard.cardName}</strong> {defaultCard.numberMasked}{' '}
                <Link href="/account/cards">변경</Link>
              </p>
            )}
            <button type="button" className="button" onClick={buyNow} disabled={busy || checking || !defaultCard}>
              바로 구매
            </button>
          </section>
          <section className="panel" aria-labelledby="window-checkout-heading">
            <h2 id="window-checkout-heading">결제창으로 결제</h2>
            <p>카드를 등록하지 않고 결제 서비스의 결제창에서 결제합니다.</p>
            <button type="button" className="button button-secondary" onClick={payInWindow} disabled={busy || checking}>
              결제창으로 결제
            </button>
          </section>
        </>
      )}
    </div>
  );
}
