'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { OpsShipment } from '@/lib/ops/client';
import type { FulfilmentAction } from '@/lib/orders/client';

export const shipmentKeys = {
  all: ['ops', 'shipments'] as const,
  list: (query: string) => [...shipmentKeys.all, 'list', query] as const,
};

/** The subscription boxes of the queue's filters (the same URL query as the orders'). */
export const useShipmentQueue = (query: string) =>
  useQuery({
    queryKey: shipmentKeys.list(query),
    queryFn: () => apiFetch<{ rows: OpsShipment[] }>(`/api/ops/shipments?${query}`),
    placeholderData: keepPreviousData,
  });

/** A step on a box's way (배송 준비, 발송, 배송 완료): the boxes, the subscriptions and the audit log change. */
export function useShipmentStep(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: FulfilmentAction) =>
      apiFetch<{ shipment: OpsShipment }>(`/api/ops/shipments/${encodeURIComponent(number)}/fulfilment`, {
        method: 'POST',
        body: action,
      }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: shipmentKeys.all }),
        client.invalidateQueries({ queryKey: ['ops', 'subscriptions'] }),
        client.invalidateQueries({ queryKey: ['ops', 'audit'] }),
      ]),
  });
}
