'use client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { OperatorRole } from '@/lib/ops/client';
import { invalidateOps } from './list-query';

export interface OperatorView {
  id: string;
  email: string;
  role: OperatorRole;
  mustChangePassword: boolean;
}

export const operatorKeys = {
  all: ['ops', 'operators'] as const,
};

export const useOperators = () =>
  useQuery({
    queryKey: operatorKeys.all,
    queryFn: async () => (await apiFetch<{ operators: OperatorView[] }>('/api/ops/operators')).operators,
  });

export function useAddOperator() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { email: string; role: OperatorRole }) =>
      apiFetch<{ operator: OperatorView; password: string }>('/api/ops/operators', { method: 'POST', body }),
    onSettled: () => invalidateOps(client, 'operators', 'audit'),
  });
}
