'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { ReconciliationRunsPage, ReconciliationRunView } from '@/lib/ops/client';
import { opsResource } from './list-query';

export const { keys: reconciliationKeys, useList: useReconciliationRuns } =
  opsResource<ReconciliationRunsPage>('reconciliations');

/** A run may settle or refund anything: every console query is stale afterwards. */
export function useRunReconciliation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ run: ReconciliationRunView }>('/api/ops/reconciliations', { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['ops'] }),
  });
}
