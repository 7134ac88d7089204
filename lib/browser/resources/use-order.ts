'use client';
import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { OrderDetail, ReturnReason } from '@/lib/orders/client';
import { apiFetch, swrFetcher } from '../api';
import { ORDERS_KEY } from './use-orders';

export const orderKey = (orderNumber: string) => `/api/orders/${encodeURIComponent(orderNumber)}`;
/** While a refund is being confirmed (or the payment checked), the page asks again this often. */
const PENDING_REFRESH_MS = 2_000;

type Answer = { order: OrderDetail };

/** One of the customer's orders with its timeline; `initial` is what the page's server render read. */
export function useOrder(orderNumber: string, initial: OrderDetail) {
  const { data, error } = useSWR<Answer>(orderKey(orderNumber), swrFetcher, {
    fallbackData: { order: initial },
    refreshInterval: (latest) =>
      latest?.order.refundState === 'pending' || latest?.order.status === 'pending' ? PENDING_REFRESH_MS : 0,
  });
  return { order: data?.order ?? initial, error };
}

/** The customer's steps on an order: each answers the order after it and refreshes the list. */
export function useOrderSteps(orderNumber: string) {
  const { mutate } = useSWRConfig();
  const done = useCallback(
    async (answer: Promise<Answer>) => {
      const { order } = await answer;
      await mutate(orderKey(orderNumber), { order }, { revalidate: false });
      await mutate(ORDERS_KEY);
      return order;
    },
    [mutate, orderNumber],
  );
  const cancel = useCallback(
    () => done(apiFetch<Answer>(`${orderKey(orderNumber)}/cancel`, { method: 'POST' })),
    [done, orderNumber],
  );
  const requestReturn = useCallback(
    (request: { reason: ReturnReason; detail: string }) =>
      done(apiFetch<Answer>(`${orderKey(orderNumber)}/return`, { method: 'POST', body: request })),
    [done, orderNumber],
  );
  const saveRefundAccount = useCallback(
    (account: { bank: string; holder: string; account: string }) =>
      done(apiFetch<Answer>(`${orderKey(orderNumber)}/refund-account`, { method: 'POST', body: account })),
    [done, orderNumber],
  );
  return { cancel, requestReturn, saveRefundAccount };
}
