'use client';
import { useCallback } from 'react';
import useSWR from 'swr';
import type { CashReceiptRequest, CashReceiptState } from '@/lib/orders/client';
import { apiFetch, swrFetcher } from '../api';

const cashReceiptKey = (orderNumber: string) => `/api/orders/${encodeURIComponent(orderNumber)}/cash-receipt`;
/** While a receipt waits to be issued on a paid order, the page asks again this often. */
const REQUESTED_REFRESH_MS = 3_000;

/**
 * An order's 현금영수증 (masked) and whether one may be asked for; `ask` sends the request and shows
 * what the server answered. `enabled`: the order was paid in cash (nothing is read otherwise);
 * `watch`: it is paid, so a `requested` one is about to be issued.
 */
export function useCashReceipt(orderNumber: string, { enabled = true, watch = false } = {}) {
  const key = cashReceiptKey(orderNumber);
  const { data, error, mutate } = useSWR<CashReceiptState>(enabled ? key : null, swrFetcher, {
    refreshInterval: (latest) => (watch && latest?.cashReceipt?.status === 'requested' ? REQUESTED_REFRESH_MS : 0),
  });
  const ask = useCallback(
    async (request: CashReceiptRequest) => {
      const answer = await apiFetch<CashReceiptState>(key, { method: 'POST', body: request });
      await mutate(answer, { revalidate: false });
      return answer;
    },
    [key, mutate],
  );
  return { state: data, error, ask };
}
