'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { OwedRefundBody, OwedRefundPage, OwedState } from '@/lib/ops/client';
import { invalidateOps, opsResource } from './list-query';

export const { keys: owedRefundKeys, useList: useOwedRefunds } = opsResource<OwedRefundPage>('owed-refunds');

export interface OwedRefundAnswer {
  state: OwedState;
  amount: number;
  failure: string | null;
}

/** Refunding money owed changes the list, the payments' records and the audit log. */
export function useOwedRefund(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OwedRefundBody) =>
      apiFetch<OwedRefundAnswer>(`/api/ops/owed-refunds/${encodeURIComponent(id)}`, { method: 'POST', body }),
    onSettled: () => invalidateOps(client, 'owed-refunds', 'payments', 'audit'),
  });
}
