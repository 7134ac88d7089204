'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { FulfilmentAction } from '@/lib/shared/fulfilment-schemas';
import type { OpsShipment } from '@/lib/shared/ops/shipments';
import { invalidateOps, opsResource } from './list-query';

/** The subscription boxes of the queue's filters (the same URL query as the orders'). */
export const { keys: shipmentKeys, useList: useShipmentQueue } = opsResource<{ rows: OpsShipment[] }>('shipments');

/** A step on a box's way (배송 준비, 발송, 배송 완료): the boxes, the subscriptions and the audit log change. */
export function useShipmentStep(number: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: FulfilmentAction) =>
      apiFetch<{ shipment: OpsShipment }>(`/api/ops/shipments/${encodeURIComponent(number)}/fulfilment`, {
        method: 'POST',
        body: action,
      }),
    onSettled: () => invalidateOps(client, 'shipments', 'subscriptions', 'audit'),
  });
}
