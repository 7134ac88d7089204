'use client';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { ReconciliationRunsPage, ReconciliationRunView } from '@/lib/ops/client';

export const reconciliationKeys = {
  all: ['ops', 'reconciliations'] as const,
  list: (query: string) => [...reconciliationKeys.all, 'list', query] as const,
};

export const useReconciliationRuns = (query: string) =>
  useQuery({
    queryKey: reconciliationKeys.list(query),
    queryFn: () => apiFetch<ReconciliationRunsPage>(`/api/ops/reconciliations?${query}`),
    placeholderData: keepPreviousData,
  });

/** A run may settle or refund anything: every console query is stale afterwards. */
export function useRunReconciliation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ run: ReconciliationRunView }>('/api/ops/reconciliations', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops'] }),
  });
}
