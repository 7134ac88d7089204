'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { OpsOrder } from '@/lib/ops/client';
import type { ReturnDecision } from '@/lib/orders/client';
import { useFulfilmentMutation } from './fulfilment-step';
import { invalidateOps, opsResource } from './list-query';

export const { keys: orderKeys, useList: useOrderQueue } = opsResource<{ rows: OpsOrder[] }>('orders');

/** A step on an order's way (배송 준비, 발송, 배송 완료): the queue, payments and the audit log change. */
export const useFulfilmentStep = (orderNumber: string) =>
  useFulfilmentMutation<{ order: OpsOrder }>('orders', orderNumber, ['payments', 'audit']);

/** A return approved (with its refund) or declined. */
export function useReturnDecision(orderNumber: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (decision: ReturnDecision) =>
      apiFetch<{ order: OpsOrder; refund: { refund: string; amount: number } | null }>(
        `/api/ops/orders/${encodeURIComponent(orderNumber)}/return`,
        { method: 'POST', body: decision },
      ),
    onSettled: () => invalidateOps(client, 'orders', 'payments', 'audit'),
  });
}
