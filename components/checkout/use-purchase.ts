'use client';
import { useCallback, useState } from 'react';
import type { CheckoutOpening, CheckoutProof, ImpConfig } from '@/lib/browser/client';
import {
  ApiError,
  attemptKey,
  finishAttempt,
  type OrderSheetBody,
  openPaymentWindow,
  requestPaymentV2,
  useOrderActions,
} from '@/lib/browser/client';
import type { WindowMode } from '@/lib/identity/client';
import type { CashReceiptRequest, OrderSummary } from '@/lib/orders/client';
import { type CheckoutMethod, failureWords } from '@/lib/payments/client';

export type PurchaseState =
  | { phase: 'idle' }
  | { phase: 'charging' }
  | { phase: 'opening' }
  | { phase: 'window_open'; method: CheckoutMethod }
  | { phase: 'verifying' }
  | { phase: 'done'; order: OrderSummary }
  | { phase: 'error'; message: string };

interface Options {
  productId: string;
  impConfig: ImpConfig;
  windowMode?: WindowMode;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError || error instanceof Error ? error.message : '요청을 처리하지 못했습니다.';

/**
 * A refusal that created no order (4xx): the next click is a new attempt. Network trouble and 5xx
 * keep the key, and so does `order_closed` — the attempt's order was settled behind the page's
 * back (a reload while the window was open), and the page shows that order instead.
 */
const createdNothing = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'order_closed';

/**
 * The two ways to buy a product: one click with the saved card (the server charges it), or the
 * payment window of the chosen method for an order the server created. Either way the server settles the order from
 * the service's record; the page only shows what the server answered.
 */
export function usePurchase({ productId, impConfig, windowMode }: Options) {
  const [state, setState] = useState<PurchaseState>({ phase: 'idle' });
  const actions = useOrderActions();
  const buyScope = `buy:${productId}`;
  const checkoutScope = `checkout:${productId}`;

  const buyNow = useCallback(
    async (sheet?: OrderSheetBody) => {
      setState({ phase: 'charging' });
      try {
        const order = await actions.buyNow(productId, attemptKey(buyScope), sheet);
        // A pending order keeps its key: buying again asks about that order instead of charging anew.
        if (order.status !== 'pending') finishAttempt(buyScope);
        setState({ phase: 'done', order });
      } catch (error) {
        if (createdNothing(error)) finishAttempt(buyScope);
        setState({ phase: 'error', message: messageOf(error) });
      }
    },
    [actions, productId, buyScope],
  );

  const verify = useCallback(
    async (merchantUid: string, proof: CheckoutProof) => {
      setState({ phase: 'verifying' });
      try {
        const order = await actions.confirmCheckout(merchantUid, proof);
        finishAttempt(checkoutScope);
        setState({ phase: 'done', order });
      } catch (error) {
        setState({ phase: 'error', message: messageOf(error) });
      }
    },
    [actions, checkoutScope],
  );

  /** V2's window for the order (its paymentId is the merchantUid), then the server settles it. */
  const payOnV2 = useCallback(
    async (checkout: Extract<CheckoutOpening, { api: 'v2' }>) => {
      const rsp = await requestPaymentV2(checkout, { windowMode, returnPath: '/checkout/complete' });
      if (rsp.success) return verify(checkout.merchantUid, { paymentId: rsp.paymentId, txId: rsp.txId });
      // A payment the PG refused exists at the service, as V1's imp_uid does: the server records why.
      if (rsp.txId && !rsp.cancelled)
        return verify(checkout.merchantUid, { paymentId: checkout.paymentId, txId: rsp.txId });
      setState({ phase: 'error', message: failureWords(rsp.error_msg) ?? '결제를 취소했습니다.' });
    },
    [windowMode, verify],
  );

  const payInWindow = useCallback(
    async (sheet: OrderSheetBody, payMethod: CheckoutMethod, cashReceipt?: CashReceiptRequest) => {
      setState({ phase: 'opening' });
      try {
        // The window asks for the card (or account, or phone) itself: the sheet goes without a saved card.
        const body = {
          quantity: sheet.quantity,
          shipping: sheet.shipping,
          saveAddress: sheet.saveAddress,
          payMethod,
          ...(cashReceipt && { cashReceipt }),
        };
        const checkout = await actions.startCheckout(productId, attemptKey(checkoutScope), body).catch((error) => {
          // The attempt's order was opened for another method (its window cancelled, then another
          // method chosen): that order stays as it is, and this method gets an order of its own.
          if (!(error instanceof ApiError && error.code === 'idempotency_key_reused')) throw error;
          finishAttempt(checkoutScope);
          return actions.startCheckout(productId, attemptKey(checkoutScope), body);
        });
        setState({ phase: 'window_open', method: checkout.method });
        if (checkout.api === 'v2') return await payOnV2(checkout);
        const rsp = await openPaymentWindow(impConfig, checkout, { windowMode, returnPath: '/checkout/complete' });
        // A failed payment has an imp_uid too: the server records why it failed. A 가상계좌 comes
        // back issued (not yet paid): the server makes its order 입금 대기.
        if (rsp.imp_uid) return verify(checkout.merchantUid, rsp.imp_uid);
        // Cancelled or refused before paying: the same order opens again next time.
        setState({ phase: 'error', message: failureWords(rsp.error_msg) ?? '결제를 취소했습니다.' });
      } catch (error) {
        if (createdNothing(error)) finishAttempt(checkoutScope);
        setState({ phase: 'error', message: messageOf(error) });
      }
    },
    [actions, productId, checkoutScope, impConfig, windowMode, verify, payOnV2],
  );

  return { state, buyNow, payInWindow, verify, setState };
}
