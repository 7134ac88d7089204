'use client';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';

/** The console's resources under `/api/ops/<name>`; each one's queries sit under `['ops', name]`. */
export type OpsResourceName =
  | 'audit'
  | 'deposits'
  | 'operators'
  | 'orders'
  | 'owed-refunds'
  | 'payments'
  | 'reconciliations'
  | 'shipments'
  | 'subscriptions'
  | 'webhooks';

/**
 * One console resource as the browser reads it: its query keys, its list (the URL's filters as the
 * query string) and one record by its id. Every list and detail sits under `keys.all`, so a change
 * invalidates them together.
 */
export function opsResource<List, Detail = never>(name: OpsResourceName) {
  const path = `/api/ops/${name}`;
  const keys = {
    all: ['ops', name] as const,
    list: (query: string) => ['ops', name, 'list', query] as const,
    detail: (id: string) => ['ops', name, 'detail', id] as const,
  };
  return {
    keys,
    /** A page of the list; the page shown stays while the next one loads (no flash of "loading"). */
    useList: (query: string) =>
      useQuery({
        queryKey: keys.list(query),
        queryFn: () => apiFetch<List>(`${path}?${query}`),
        placeholderData: keepPreviousData,
      }),
    useDetail: (id: string) =>
      useQuery({ queryKey: keys.detail(id), queryFn: () => apiFetch<Detail>(`${path}/${encodeURIComponent(id)}`) }),
  };
}

/** After a change: every list and detail of these resources is stale. */
export const invalidateOps = (client: QueryClient, ...names: OpsResourceName[]) =>
  Promise.all(names.map((name) => client.invalidateQueries({ queryKey: ['ops', name] })));
