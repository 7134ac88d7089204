'use client';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Panel } from '@/components/ui/panel';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toaster';
import type { ImpConfig } from '@/lib/browser/client';
import { finishAttempt, useAttempts, useCards, useImpOnIntent } from '@/lib/browser/client';
import { cardOptionLabel } from '@/lib/cards/client';
import type { WindowMode } from '@/lib/identity/client';
import type { OrderSummary, Product } from '@/lib/orders/client';
import { type CheckoutMethod, takesCashReceipt } from '@/lib/payments/client';
import { formatWon, priceOrder, type SavedAddress, shippingProblems } from '@/lib/values/client';
import { type CashReceiptChoice, CashReceiptFields, cashReceiptOfChoice, NO_CASH_RECEIPT } from './cash-receipt-fields';
import { OrderResult } from './order-result';
import { OrderSheet, type OrderSheetValues } from './order-sheet';
import { windowOpenLabel } from './pay-method-words';
import { PriceBreakdown } from './price-breakdown';
import { TotalPrice } from './total-price';
import { type PurchaseState, usePurchase } from './use-purchase';
import { WindowCheckout } from './window-checkout';

interface Props {
  product: Product;
  impConfig: ImpConfig;
  windowMode?: WindowMode;
  /** The customer's saved default address, or their certified name for a first order. */
  savedAddress?: SavedAddress;
  customerName: string;
  /** How the customer paid last (their newest order that reached payment): offered first and chosen. */
  lastPayMethod?: CheckoutMethod;
}

function busyLabel(state: PurchaseState): string | undefined {
  switch (state.phase) {
    case 'charging':
      return '등록된 카드로 결제하고 있습니다…';
    case 'opening':
      return '결제창을 준비하고 있습니다…';
    case 'window_open':
      return windowOpenLabel[state.method];
    case 'verifying':
      return '결제 결과를 확인하고 있습니다…';
  }
}

/** Placed: paid, or a 가상계좌 issued and waiting for the deposit. Either way this attempt is over. */
const isPlaced = (order: OrderSummary) => order.status === 'paid' || order.status === 'awaiting';

const blankSheet = (customerName: string, saved?: SavedAddress): OrderSheetValues => ({
  quantity: 1,
  shipping: {
    recipient: saved?.recipient ?? customerName,
    phone: saved?.phone ?? '',
    postcode: saved?.postcode ?? '',
    address: saved?.address ?? '',
    addressDetail: saved?.addressDetail ?? '',
    note: '',
  },
  // Nothing chosen for the customer (issue 33): saving the address is theirs to tick.
  saveAddress: false,
});

/**
 * A product's order sheet and its ways to pay, for a signed-in customer: the payment window of the
 * method chosen (the last one used comes chosen; a first purchase chooses), or one click with a
 * saved card.
 */
export function PurchasePanel({ product, impConfig, windowMode, savedAddress, customerName, lastPayMethod }: Props) {
  const { state, buyNow, payInWindow, setState } = usePurchase({ productId: product.id, impConfig, windowMode });
  const scopes = [`buy:${product.id}`, `checkout:${product.id}`];
  const { attempts, refresh } = useAttempts(scopes);
  const { cards, isLoading: cardsLoading } = useCards();
  const [sheet, setSheet] = useState(() => blankSheet(customerName, savedAddress));
  const [errors, setErrors] = useState<ReturnType<typeof shippingProblems>>({});
  const [chosenCardId, setChosenCardId] = useState<string>();
  // Nothing chosen for the customer but the method they paid with last (특정옵션 사전선택).
  const [payMethod, setPayMethod] = useState<CheckoutMethod | undefined>(lastPayMethod);
  const [payMethodError, setPayMethodError] = useState<string>();
  const [cashReceipt, setCashReceipt] = useState<CashReceiptChoice>(NO_CASH_RECEIPT);
  const [cashReceiptError, setCashReceiptError] = useState<string>();
  const card = cards?.find((c) => c.id === chosenCardId) ?? cards?.find((c) => c.isDefault);
  const price = priceOrder(product.price, sheet.quantity, true);
  const busy = busyLabel(state) !== undefined;

  // The service's script loads once the button shows or is pointed at (not with the page).
  const intent = useImpOnIntent(impConfig);

  const toast = useToast();
  useEffect(() => {
    if (state.phase !== 'done') return;
    if (state.order.status === 'paid') toast(`${state.order.productName} 주문을 마쳤습니다.`);
    if (state.order.status === 'awaiting') toast(`가상계좌가 발급되었습니다. 입금하면 주문이 완료됩니다.`);
  }, [state, toast]);

  // What the page finished itself, or settled behind its back, is asked about again.
  useEffect(() => {
    if (state.phase === 'done' || state.phase === 'error') refresh();
  }, [state.phase, refresh]);

  // An attempt that ended without money (declined, refunded) holds nothing to show: the next click is new.
  useEffect(() => {
    for (const { order } of attempts ?? []) {
      if (order.status === 'paid' || order.status === 'pending') continue;
      finishAttempt(`${order.method === 'billing_key' ? 'buy' : 'checkout'}:${product.id}`);
    }
  }, [attempts, product.id]);

  // An attempt this page did not see end (a reload or the back button while the window was open,
  // a charge whose answer was lost): the server's record of it, until the customer starts anew.
  // What this page itself just saw end (the window closed or cancelled, a refusal) wins over an
  // open order of the server's: that order is the one just cancelled. After a reload the page saw
  // nothing, and a genuinely open order shows its notice again.
  const ownResult = state.phase !== 'idle' && state.phase !== 'error';
  const found = ownResult
    ? undefined
    : (attempts?.find((a) => a.order.status === 'paid') ??
      (state.phase === 'error' ? undefined : attempts?.find((a) => a.order.status === 'pending')));
  const justPlaced = (state.phase === 'done' && isPlaced(state.order)) || found?.order.status === 'paid';
  // The result replaces the sheet above the place the customer scrolled to (a phone's long page):
  // it is brought into view from its first line.
  const outcomeRef = useRef<HTMLDivElement>(null);
  const settled = state.phase === 'done' || state.phase === 'error';
  useEffect(() => {
    if (settled) outcomeRef.current?.scrollIntoView?.({ block: 'start' });
  }, [settled]);
  const checking = found?.order.status === 'pending' && !found.windowOpen;

  /** The sheet is checked before any money question; the first field with a problem gets the focus. */
  function sheetIsComplete(): boolean {
    const problems = shippingProblems(sheet.shipping);
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) document.getElementById(`field-${first}`)?.focus();
    return !first;
  }

  /** The window needs a method: without one the choice says so and takes the focus. */
  function payWithMethod() {
    if (!sheetIsComplete()) return;
    if (!payMethod) {
      setPayMethodError('결제 수단을 선택해 주세요.');
      document.querySelector<HTMLInputElement>('input[name="pay-method"]')?.focus();
      return;
    }
    // A 현금영수증 goes only with a cash method; a number that cannot be issued stops here, at its field.
    const receipt = takesCashReceipt(payMethod) ? cashReceiptOfChoice(cashReceipt) : {};
    setCashReceiptError(receipt.problem);
    if (receipt.problem) {
      document.getElementById('cash-receipt-identifier')?.focus();
      return;
    }
    payInWindow(sheet, payMethod, receipt.request);
  }

  function choosePayMethod(method: CheckoutMethod) {
    setPayMethod(method);
    setPayMethodError(undefined);
  }

  async function confirmBuyNow(close: () => void) {
    await buyNow({ ...sheet, cardId: card?.id });
    close();
  }

  function startAnew() {
    for (const scope of scopes) finishAttempt(scope);
    setState({ phase: 'idle' });
    refresh();
  }

  const outcome = (
    // The outcome goes first, where the customer is looking after the click.
    <div ref={outcomeRef} aria-live="polite" className="flex scroll-mt-4 flex-col gap-3 empty:hidden">
      {busy && <p role="status">{busyLabel(state)}</p>}
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
  );

  if (justPlaced) {
    return (
      <div className="flex flex-col gap-4">
        {outcome}
        <Panel aria-labelledby="buy-again-heading">
          <h2 id="buy-again-heading">다시 구매하기</h2>
          <p>같은 상품을 한 번 더 구매하려면 새로 주문해 주세요.</p>
          <Button variant="secondary" onClick={startAnew}>
            새로 구매하기
          </Button>
        </Panel>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {/* The total for the quantity chosen, first (shipping included): before the sheet, on any screen. */}
      <p className="m-0" aria-live="polite">
        <TotalPrice price={price} basis={`${sheet.quantity}개`} />
      </p>
      {outcome}
      <div className="grid items-start gap-4 lg:grid-cols-[1fr_22rem]">
        <OrderSheet values={sheet} onChange={setSheet} errors={errors} disabled={busy || checking} />
        <Panel as="aside" className="m-0 flex flex-col gap-4 lg:sticky lg:top-4" aria-labelledby="payment-heading">
          <h2 id="payment-heading" className="m-0">
            결제
          </h2>
          <PriceBreakdown price={price} />
          <WindowCheckout
            method={payMethod}
            onMethodChange={choosePayMethod}
            lastUsed={lastPayMethod}
            error={payMethodError}
            total={price.total}
            disabled={busy || checking}
            onPay={payWithMethod}
            intent={intent}
          />
          {payMethod && takesCashReceipt(payMethod) && (
            <CashReceiptFields
              value={cashReceipt}
              onChange={(choice) => {
                setCashReceipt(choice);
                setCashReceiptError(undefined);
              }}
              error={cashReceiptError}
              disabled={busy || checking}
            />
          )}
          <section className="flex flex-col gap-3 border-t border-line pt-4" aria-labelledby="buy-now-heading">
            <h3 id="buy-now-heading" className="m-0 text-base font-bold">
              등록된 카드로 바로 구매
            </h3>
            {cardsLoading && <p aria-busy="true">카드 정보를 불러오는 중…</p>}
            {cards && !card && (
              <p className="m-0">
                등록된 카드가 없습니다. <Link href="/account/cards">카드를 등록</Link>하면 클릭 한 번으로 결제할 수
                있습니다.
              </p>
            )}
            {cards && card && (
              <Select
                name="card"
                label="결제 카드"
                value={card.id}
                onValueChange={setChosenCardId}
                disabled={busy || checking}
                options={cards.map((c) => cardOptionLabel(c))}
              />
            )}
            <ConfirmButton
              variant="secondary"
              label="바로 구매"
              mayOpen={sheetIsComplete}
              disabled={busy || checking || !card}
              title="주문 확인"
              description={
                <dl className="m-0 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5">
                  <dt className="text-muted">상품</dt>
                  <dd className="m-0">
                    {product.name} × {sheet.quantity}
                  </dd>
                  <dt className="text-muted">받는 분</dt>
                  <dd className="m-0">
                    {sheet.shipping.recipient} · {sheet.shipping.phone}
                  </dd>
                  <dt className="text-muted">배송지</dt>
                  <dd className="m-0">
                    ({sheet.shipping.postcode}) {sheet.shipping.address} {sheet.shipping.addressDetail}
                  </dd>
                  <dt className="text-muted">결제 카드</dt>
                  <dd className="m-0">{card && cardOptionLabel(card).label}</dd>
                  <dt className="font-bold">총 결제금액</dt>
                  <dd className="m-0 font-bold">{formatWon(price.total)}</dd>
                </dl>
              }
              confirmLabel="동의하고 결제하기"
              pendingLabel="결제하고 있습니다…"
              pending={state.phase === 'charging'}
              onConfirm={confirmBuyNow}
            >
              <p className="m-0 rounded-md bg-bg p-3 text-sm">주문 내용을 확인했으며 결제에 동의합니다.</p>
            </ConfirmButton>
          </section>
        </Panel>
      </div>
    </div>
  );
}
