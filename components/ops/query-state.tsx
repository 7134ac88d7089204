'use client';
import type { ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';

/** A query's loading and error states, the same on every console page. */
export function QueryState({
  isPending,
  error,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  children: ReactNode;
}) {
  if (error) return <Alert>{error.message}</Alert>;
  if (isPending) return <p aria-busy="true">불러오는 중…</p>;
  return <>{children}</>;
}
