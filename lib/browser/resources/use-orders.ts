'use client';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { CashReceiptRequest, OrderSummary } from '@/lib/orders/client';
import type { CheckoutMethod } from '@/lib/payments/client';
import type { ShippingDetails } from '@/lib/values/client';
import { apiFetch, swrFetcher } from '../api';
import type { CheckoutOpening, CheckoutProof } from '../portone-v2-types';

export const ORDERS_KEY = '/api/orders';
/** While an order's outcome is being checked, the list asks again this often. */
const PENDING_REFRESH_MS = 2_000;

type OrderList = { orders: OrderSummary[] };

/**
 * The order sheet as the routes take it; the card for a one-click purchase (default: the default
 * card), the way to pay for a window checkout (default: a card).
 */
export interface OrderSheetBody {
  quantity: number;
  shipping: ShippingDetails;
  saveAddress: boolean;
  cardId?: string;
  payMethod?: CheckoutMethod;
  /** A 현금영수증 asked for with a 가상계좌 or 계좌이체. */
  cashReceipt?: CashReceiptRequest;
}

const hasPending = (data: OrderList | undefined) => data?.orders.some((order) => order.status === 'pending') ?? false;

/** The signed-in customer's orders, refreshed while any is pending. */
export function useOrders() {
  const { data, error, isLoading } = useSWR<OrderList>(ORDERS_KEY, swrFetcher, {
    refreshInterval: (latest) => (hasPending(latest) ? PENDING_REFRESH_MS : 0),
  });
  return { orders: data?.orders, error, isLoading };
}

/** Purchases: each answers the order as the server settled it, and refreshes the list. */
export function useOrderActions() {
  const { mutate } = useSWRConfig();

  const settled = useCallback(
    async (request: Promise<{ order: OrderSummary }>) => {
      const { order } = await request;
      await mutate(ORDERS_KEY);
      return order;
    },
    [mutate],
  );

  const buyNow = useCallback(
    (productId: string, idempotencyKey: string, sheet?: OrderSheetBody) =>
      settled(apiFetch('/api/orders/buy-now', { method: 'POST', body: { productId, idempotencyKey, ...sheet } })),
    [settled],
  );
  const startCheckout = useCallback(
    async (productId: string, idempotencyKey: string, sheet?: OrderSheetBody) =>
      (
        await apiFetch<{ checkout: CheckoutOpening }>('/api/checkout', {
          method: 'POST',
          body: { productId, idempotencyKey, ...sheet },
        })
      ).checkout,
    [],
  );
  const confirmCheckout = useCallback(
    // What the window reports: V1's imp_uid, or V2's paymentId and transaction.
    (merchantUid: string, proof: CheckoutProof) =>
      settled(
        apiFetch('/api/checkout/verify', {
          method: 'POST',
          body: { merchant_uid: merchantUid, ...(typeof proof === 'string' ? { imp_uid: proof } : proof) },
        }),
      ),
    [settled],
  );

  const issueBarcode = useCallback(
    (productId: string, idempotencyKey: string) =>
      settled(apiFetch('/api/cvs', { method: 'POST', body: { productId, idempotencyKey } })),
    [settled],
  );
  const cancelBarcode = useCallback(
    (merchantUid: string) =>
      settled(apiFetch(`/api/cvs/${encodeURIComponent(merchantUid)}/cancel`, { method: 'POST' })),
    [settled],
  );

  return { buyNow, startCheckout, confirmCheckout, issueBarcode, cancelBarcode };
}
