'use client';
import useSWR from 'swr';
import type { AccountSummary } from '@/lib/accounts/client';
import { swrFetcher } from '../api';

export const ACCOUNT_KEY = '/api/session';

/** The signed-in customer (null when signed out). */
export function useAccount() {
  const { data, error, isLoading, mutate } = useSWR<{ account: AccountSummary | null }>(ACCOUNT_KEY, swrFetcher);
  return { account: data?.account ?? null, error, isLoading, mutate };
}
