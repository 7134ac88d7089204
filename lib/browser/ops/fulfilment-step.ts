'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { FulfilmentAction } from '@/lib/orders/client';
import { invalidateOps, type OpsResourceName } from './list-query';

/**
 * A step on goods' way (배송 준비, 발송, 배송 완료), for an order and a subscription box alike:
 * the queue it is in, and what else the step changes, are stale afterwards.
 */
export function useFulfilmentMutation<Answer>(
  queue: 'orders' | 'shipments',
  number: string,
  alsoStale: OpsResourceName[],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: FulfilmentAction) =>
      apiFetch<Answer>(`/api/ops/${queue}/${encodeURIComponent(number)}/fulfilment`, { method: 'POST', body: action }),
    onSettled: () => invalidateOps(client, queue, ...alsoStale),
  });
}
