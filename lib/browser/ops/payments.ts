'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { Page, PaymentDetail, PaymentRow, RefundRequest } from '@/lib/ops/client';

/** Query keys of payments: every list and detail sits under `all`, so a refund invalidates them together. */
export const paymentKeys = {
  all: ['ops', 'payments'] as const,
  list: (query: string) => [...paymentKeys.all, 'list', query] as const,
  detail: (merchantUid: string) => [...paymentKeys.all, 'detail', merchantUid] as const,
};

export const usePaymentSearch = (query: string) =>
  useQuery({
    queryKey: paymentKeys.list(query),
    queryFn: () => apiFetch<Page<PaymentRow>>(`/api/ops/payments?${query}`),
    placeholderData: keepPreviousData,
  });

export const usePaymentDetail = (merchantUid: string) =>
  useQuery({
    queryKey: paymentKeys.detail(merchantUid),
    queryFn: () => apiFetch<PaymentDetail>(`/api/ops/payments/${encodeURIComponent(merchantUid)}`),
  });

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
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: paymentKeys.all }),
        client.invalidateQueries({ queryKey: ['ops', 'subscriptions'] }),
        client.invalidateQueries({ queryKey: ['ops', 'audit'] }),
      ]),
  });
}
