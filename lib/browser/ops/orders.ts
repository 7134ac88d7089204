'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { OpsOrder } from '@/lib/ops/client';
import type { FulfilmentAction, ReturnDecision } from '@/lib/orders/client';

export const orderKeys = {
  all: ['ops', 'orders'] as const,
  list: (query: string) => [...orderKeys.all, 'list', query] as const,
};

export const useOrderQueue = (query: string) =>
  useQuery({
    queryKey: orderKeys.list(query),
    queryFn: () => apiFetch<{ rows: OpsOrder[] }>(`/api/ops/orders?${query}`),
    placeholderData: keepPreviousData,
  });

const invalidate = (client: ReturnType<typeof useQueryClient>) =>
  Promise.all([
    client.invalidateQueries({ queryKey: orderKeys.all }),
    client.invalidateQueries({ queryKey: ['ops', 'payments'] }),
    client.invalidateQueries({ queryKey: ['ops', 'audit'] }),
  ]);

/** A step on an order's way (배송 준비, 발송, 배송 완료): the queue, payments and the audit log change. */
export function useFulfilmentStep(orderNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: FulfilmentAction) =>
      apiFetch<{ order: OpsOrder }>(`/api/ops/orders/${encodeURIComponent(orderNumber)}/fulfilment`, {
        method: 'POST',
        body: action,
      }),
    onSettled: () => invalidate(client),
  });
}

/** A return approved (with its refund) or declined. */
export function useReturnDecision(orderNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReturnDecision) =>
      apiFetch<{ order: OpsOrder; refund: { refund: string; amount: number } | null }>(
        `/api/ops/orders/${encodeURIComponent(orderNumber)}/return`,
        { method: 'POST', body: decision },
      ),
    onSettled: () => invalidate(client),
  });
}
