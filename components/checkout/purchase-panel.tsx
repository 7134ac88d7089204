'use client';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import type { ImpConfig } from '@/lib/browser/imp-loader';
import { useImpOnIntent } from '@/lib/browser/imp-on-intent';
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
  const { state, buyNow, payInWindow } = usePurchase({ productId: product.id, impConfig, windowMode });
  const { cards, isLoading: cardsLoading } = useCards();
  const defaultCard = cards?.find((card) => card.isDefault);
  const busy = state.phase in busyLabel;

  // jQuery and the service's script load once the button shows or is pointed at (not with the page).
  const intent = useImpOnIntent(impConfig);

  return (
    <div className="stack">
      {/* The outcome goes first, where the customer is looking after the click. */}
      <div aria-live="polite">
        {busy && <p role="status">{busyLabel[state.phase]}</p>}
        {state.phase === 'error' && <Alert>{state.message}</Alert>}
        {state.phase === 'done' && <OrderResult order={state.order} />}
      </div>
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
        <button type="button" className="button" onClick={buyNow} disabled={busy || !defaultCard}>
          바로 구매
        </button>
      </section>
      <section className="panel" aria-labelledby="window-checkout-heading">
        <h2 id="window-checkout-heading">결제창으로 결제</h2>
        <p>카드를 등록하지 않고 결제 서비스의 결제창에서 결제합니다.</p>
        <button type="button" className="button button-secondary" {...intent} onClick={payInWindow} disabled={busy}>
          결제창으로 결제
        </button>
      </section>
    </div>
  );
}
