'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { Page, WebhookDeliveryView } from '@/lib/ops/client';
import { invalidateOps, opsResource } from './list-query';

export const { keys: webhookKeys, useList: useWebhookList } = opsResource<Page<WebhookDeliveryView>>('webhooks');

/** Processing a delivery again may settle a payment: deliveries, payments, subscriptions, audit. */
export function useProcessAgain() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ delivery: WebhookDeliveryView }>(`/api/ops/webhooks/${id}/process`, { method: 'POST' }),
    onSettled: () => invalidateOps(client, 'webhooks', 'payments', 'subscriptions', 'audit'),
  });
}
