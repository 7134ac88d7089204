'use client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/browser/api';
import type { AuditView, Page } from '@/lib/ops/client';

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
