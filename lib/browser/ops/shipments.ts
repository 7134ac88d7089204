'use client';
import type { OpsShipment } from '@/lib/ops/client';
import { useFulfilmentMutation } from './fulfilment-step';
import { opsResource } from './list-query';

/** The subscription boxes of the queue's filters (the same URL query as the orders'). */
export const { keys: shipmentKeys, useList: useShipmentQueue } = opsResource<{ rows: OpsShipment[] }>('shipments');

/** A step on a box's way (배송 준비, 발송, 배송 완료): the boxes, the subscriptions and the audit log change. */
export const useShipmentStep = (number: string) =>
  useFulfilmentMutation<{ shipment: OpsShipment }>('shipments', number, ['subscriptions', 'audit']);
