'use client';
import { useCallback, useEffect, useState } from 'react';
import useSWR from 'swr';
import type { PurchaseAttempt } from '@/lib/orders/client';
import { swrFetcher } from '../api';
import { peekAttempt } from '../attempt-key';

/** While an attempt is open (a window not yet paid, a charge not yet answered), it is asked about this often. */
const OPEN_REFRESH_MS = 2_000;

const isOpen = (attempt: PurchaseAttempt) => attempt.windowOpen || attempt.order.status === 'pending';

function attemptsPath(scopes: readonly string[]): string | null {
  const keys = scopes.flatMap((scope) => peekAttempt(scope) ?? []);
  return keys.length ? `/api/orders/attempts?${keys.map((key) => `key=${encodeURIComponent(key)}`).join('&')}` : null;
}

/**
 * The purchase attempts this browser still holds keys for (`scopes`), as the server settles them:
 * what a page that came back (reload, back button) shows instead of offering to pay again.
 * Keys live in localStorage, so the request starts after hydration.
 */
export function useAttempts(scopes: readonly string[]) {
  const [path, setPath] = useState<string | null>(null);
  const scopeList = scopes.join('|');
  const { data, mutate } = useSWR<{ attempts: PurchaseAttempt[] }>(path, swrFetcher, {
    refreshInterval: (latest) => (latest?.attempts.some(isOpen) ? OPEN_REFRESH_MS : 0),
  });

  /** Reads the keys again (a purchase started or finished one) and asks the server. */
  const refresh = useCallback(() => {
    const next = attemptsPath(scopeList.split('|'));
    setPath(next);
    if (next) void mutate();
  }, [scopeList, mutate]);

  useEffect(() => {
    refresh();
    // A page restored from the back-forward cache kept its old state: ask again.
    const onShow = (event: PageTransitionEvent) => event.persisted && refresh();
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [refresh]);

  return { attempts: path ? data?.attempts : [], refresh };
}
