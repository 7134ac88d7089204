'use client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { AuditView } from '@/lib/ops/client/audit';
import type { Page } from '@/lib/ops/client/lists';

export const auditKeys = {
  all: ['ops', 'audit'] as const,
  list: (query: string) => [...auditKeys.all, 'list', query] as const,
};

export const useAuditLog = (query: string) =>
  useQuery({
    queryKey: auditKeys.list(query),
    queryFn: () => apiFetch<Page<AuditView>>(`/api/ops/audit?${query}`),
    placeholderData: keepPreviousData,
  });
