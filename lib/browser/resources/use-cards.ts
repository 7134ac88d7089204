'use client';
import { useCallback } from 'react';
import useSWR from 'swr';
import type { CardSummary, KeyInFields } from '@/lib/cards/client';
import type { CardConsentGiven } from '@/lib/consents/client';
import type { KeyMethod } from '@/lib/payments/client';
import { apiFetch, swrFetcher } from '../api';
import type { RegistrationProof, RegistrationStart } from '../portone-v2-types';

export const CARDS_KEY = '/api/cards';

type CardList = { cards: CardSummary[] };

/** The signed-in customer's cards, and every change to them (each answers the new list). */
export function useCards() {
  const { data, error, isLoading, mutate } = useSWR<CardList>(CARDS_KEY, swrFetcher);

  const apply = useCallback(
    async <T extends CardList>(request: Promise<T>): Promise<T> => {
      const answer = await request;
      await mutate({ cards: answer.cards }, { revalidate: false });
      return answer;
    },
    [mutate],
  );

  const startWindowRegistration = useCallback(
    async (consent: CardConsentGiven, method: KeyMethod = 'card') =>
      (
        await apiFetch<{ registration: RegistrationStart }>('/api/cards/window', {
          method: 'POST',
          body: { consent, method },
        })
      ).registration,
    [],
  );
  const completeWindowRegistration = useCallback(
    // What the window reports: V1's imp_uid, or the billing key V2 issued.
    (customerUid: string, proof: RegistrationProof) =>
      apply(
        apiFetch<CardList & { cardId: string }>('/api/cards/window/verify', {
          method: 'POST',
          body: {
            customer_uid: customerUid,
            ...(typeof proof === 'string' ? { imp_uid: proof } : { billingKey: proof.billingKey }),
          },
        }),
      ),
    [apply],
  );
  const registerByKeyIn = useCallback(
    (fields: KeyInFields, consent: CardConsentGiven) =>
      apply(
        apiFetch<CardList & { cardId: string }>('/api/cards/key-in', { method: 'POST', body: { ...fields, consent } }),
      ),
    [apply],
  );
  const chooseDefault = useCallback(
    (cardId: string) => apply(apiFetch<CardList>(`/api/cards/${cardId}/default`, { method: 'PUT' })),
    [apply],
  );
  const remove = useCallback(
    (cardId: string) => apply(apiFetch<CardList>(`/api/cards/${cardId}`, { method: 'DELETE' })),
    [apply],
  );

  return {
    cards: data?.cards,
    error,
    isLoading,
    startWindowRegistration,
    completeWindowRegistration,
    registerByKeyIn,
    chooseDefault,
    remove,
  };
}
