'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { Page, PaymentDetail, PaymentRow } from '@/lib/ops/client';
import type { RefundRequest } from '@/lib/refunds/client';
import { invalidateOps, opsResource } from './list-query';

export const {
  keys: paymentKeys,
  useList: usePaymentSearch,
  useDetail: usePaymentDetail,
} = opsResource<Page<PaymentRow>, PaymentDetail>('payments');

export interface RefundAnswer {
  refunded: number;
  refundable: number;
  status: string;
  endedSubscription: boolean;
}

/** A refund changes the payment, the lists it is in, the audit log and maybe a subscription. */
export function useRefund(merchantUid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RefundRequest) =>
      apiFetch<RefundAnswer>(`/api/ops/payments/${encodeURIComponent(merchantUid)}/refunds`, { method: 'POST', body }),
    onSettled: () => invalidateOps(client, 'payments', 'subscriptions', 'audit'),
  });
}
