'use client';
import useSWR from 'swr';
import type { CertifiedIdentity } from '@/lib/identity/client';
import { swrFetcher } from '../api';

export const SIGNUP_IDENTITY_KEY = '/api/identity';

/** The identity this browser has verified for signup (null until a certification is accepted). */
export function useSignupIdentity() {
  const { data, error, isLoading, mutate } = useSWR<{ identity: CertifiedIdentity | null }>(
    SIGNUP_IDENTITY_KEY,
    swrFetcher,
  );
  return { identity: data?.identity ?? null, error, isLoading, mutate };
}
