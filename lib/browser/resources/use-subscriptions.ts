'use client';
import { useCallback } from 'react';
import useSWR from 'swr';
import type {
  CancelNowQuote,
  SubscriptionOffer,
  SubscriptionStatus,
  SubscriptionSummary,
} from '@/lib/subscriptions/client';
import type { ShippingDetails } from '@/lib/values/client';
import { apiFetch, swrFetcher } from '../api';

export const SUBSCRIPTIONS_KEY = '/api/subscriptions';

type SubscriptionList = { subscriptions: SubscriptionSummary[] };
export type SubscribeResult = { status: SubscriptionStatus; reason?: string; trialEndsAt?: number };

const checking = (data: SubscriptionList | undefined) =>
  data?.subscriptions.some((subscription) => subscription.status === 'incomplete') ?? false;

/** The signed-in customer's subscriptions, and every change to them (each answers the new list). */
export function useSubscriptions() {
  const { data, error, isLoading, mutate } = useSWR<SubscriptionList>(SUBSCRIPTIONS_KEY, swrFetcher, {
    // While a first charge is being looked up, ask again until it is settled.
    refreshInterval: (latest) => (checking(latest) ? 2_000 : 0),
  });

  const apply = useCallback(
    async <T extends SubscriptionList>(request: Promise<T>): Promise<T> => {
      const answer = await request;
      await mutate({ subscriptions: answer.subscriptions }, { revalidate: false });
      return answer;
    },
    [mutate],
  );

  const offer = useCallback(
    async (planId: string) =>
      (await apiFetch<{ offer: SubscriptionOffer }>(`${SUBSCRIPTIONS_KEY}/offer`, { method: 'POST', body: { planId } }))
        .offer,
    [],
  );
  const subscribe = useCallback(
    async (planId: string, idempotencyKey: string, consentToken: string, shipping?: ShippingDetails) =>
      (
        await apply(
          apiFetch<SubscriptionList & { result: SubscribeResult }>(SUBSCRIPTIONS_KEY, {
            method: 'POST',
            body: { planId, idempotencyKey, consent: { agreed: true, token: consentToken }, shipping },
          }),
        )
      ).result,
    [apply],
  );
  const cancel = useCallback(
    (id: string) => apply(apiFetch<SubscriptionList>(`/api/subscriptions/${id}/cancel`, { method: 'POST' })),
    [apply],
  );
  const quoteCancelNow = useCallback(
    async (id: string) => (await apiFetch<{ quote: CancelNowQuote }>(`/api/subscriptions/${id}/cancel-now`)).quote,
    [],
  );
  const cancelNow = useCallback(
    async (id: string) =>
      (
        await apply(
          apiFetch<SubscriptionList & { refunded: number }>(`/api/subscriptions/${id}/cancel-now`, { method: 'POST' }),
        )
      ).refunded,
    [apply],
  );
  const resume = useCallback(
    (id: string) => apply(apiFetch<SubscriptionList>(`/api/subscriptions/${id}/resume`, { method: 'POST' })),
    [apply],
  );
  const changeCard = useCallback(
    (id: string, cardId: string) =>
      apply(apiFetch<SubscriptionList>(`/api/subscriptions/${id}/card`, { method: 'PUT', body: { cardId } })),
    [apply],
  );

  /** The answer to a free trial's ask, with the fingerprint of the terms shown (the server checks it). */
  const decideTrial = useCallback(
    (id: string, decision: 'convert' | 'end', textSha256: string) =>
      apply(
        apiFetch<SubscriptionList>(`/api/subscriptions/${id}/trial`, {
          method: 'POST',
          body: { decision, textSha256 },
        }),
      ),
    [apply],
  );

  const changeShipping = useCallback(
    (id: string, shipping: ShippingDetails) =>
      apply(apiFetch<SubscriptionList>(`/api/subscriptions/${id}/shipping`, { method: 'PUT', body: { shipping } })),
    [apply],
  );

  return {
    changeShipping,
    subscriptions: data?.subscriptions,
    error,
    isLoading,
    offer,
    subscribe,
    cancel,
    quoteCancelNow,
    cancelNow,
    resume,
    changeCard,
    decideTrial,
  };
}
