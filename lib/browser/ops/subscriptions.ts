'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { Page, SubscriptionDetail, SubscriptionRow } from '@/lib/ops/client';
import { invalidateOps, opsResource } from './list-query';

export const {
  keys: subscriptionKeys,
  useList: useSubscriptionList,
  useDetail: useSubscriptionDetail,
} = opsResource<Page<SubscriptionRow>, SubscriptionDetail>('subscriptions');

export type SubscriptionAction = 'cancel' | 'cancel-now' | 'retry' | 'rebook';

/** An admin's action on a subscription: it, its charges (payments) and the audit log change. */
export function useSubscriptionAction(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, note }: { action: SubscriptionAction; note: string }) =>
      apiFetch<{ done: true }>(`/api/ops/subscriptions/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: { note },
      }),
    onSettled: () => invalidateOps(client, 'subscriptions', 'payments', 'audit'),
  });
}
