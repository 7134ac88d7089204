'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { Page, WebhookDeliveryView } from '@/lib/ops/client';

export const webhookKeys = {
  all: ['ops', 'webhooks'] as const,
  list: (query: string) => [...webhookKeys.all, 'list', query] as const,
};

export const useWebhookList = (query: string) =>
  useQuery({
    queryKey: webhookKeys.list(query),
    queryFn: () => apiFetch<Page<WebhookDeliveryView>>(`/api/ops/webhooks?${query}`),
    placeholderData: keepPreviousData,
  });

/** Processing a delivery again may settle a payment: deliveries, payments, subscriptions, audit. */
export function useProcessAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ delivery: WebhookDeliveryView }>(`/api/ops/webhooks/${id}/process`, { method: 'POST' }),
    onSettled: () =>
      Promise.all(
        ['webhooks', 'payments', 'subscriptions', 'audit'].map((name) =>
          client.invalidateQueries({ queryKey: ['ops', name] }),
        ),
      ),
  });
}
