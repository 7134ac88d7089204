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

/** Pages of a server-paginated list; the page number lives in the URL. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage(page: number): void;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="ops-pager" aria-label="페이지">
      <button type="button" className="button button-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        이전
      </button>
      <span aria-live="polite">
        {page} / {last} 페이지 · 모두 {total}건
      </span>
      <button
        type="button"
        className="button button-secondary"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        다음
      </button>
    </nav>
  );
}
