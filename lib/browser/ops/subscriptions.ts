'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { Page, SubscriptionDetail, SubscriptionRow } from '@/lib/ops/client';

export const subscriptionKeys = {
  all: ['ops', 'subscriptions'] as const,
  list: (query: string) => [...subscriptionKeys.all, 'list', query] as const,
  detail: (id: string) => [...subscriptionKeys.all, 'detail', id] as const,
};

export const useSubscriptionList = (query: string) =>
  useQuery({
    queryKey: subscriptionKeys.list(query),
    queryFn: () => apiFetch<Page<SubscriptionRow>>(`/api/ops/subscriptions?${query}`),
    placeholderData: keepPreviousData,
  });

export const useSubscriptionDetail = (id: string) =>
  useQuery({
    queryKey: subscriptionKeys.detail(id),
    queryFn: () => apiFetch<SubscriptionDetail>(`/api/ops/subscriptions/${encodeURIComponent(id)}`),
  });

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
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: subscriptionKeys.all }),
        client.invalidateQueries({ queryKey: ['ops', 'payments'] }),
        client.invalidateQueries({ queryKey: ['ops', 'audit'] }),
      ]),
  });
}
