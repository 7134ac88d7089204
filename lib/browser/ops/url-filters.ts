'use client';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';

/**
 * A console list's filters live in the URL (shareable, back/forward work): read as a record,
 * written by replacing the query. Changing a filter goes back to page 1.
 */
export function useUrlFilters(): {
  filters: Record<string, string>;
  query: string;
  setFilters(next: Record<string, string | undefined>, options?: { keepPage?: boolean }): void;
  /** Goes to another page of the list, the filters kept. */
  setPage(page: number): void;
} {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const query = params.toString();
  const filters = useMemo(() => Object.fromEntries(new URLSearchParams(query)), [query]);
  const setFilters = useCallback(
    (next: Record<string, string | undefined>, { keepPage = false } = {}) => {
      const merged = new URLSearchParams(query);
      for (const [key, value] of Object.entries(next)) {
        if (value) merged.set(key, value);
        else merged.delete(key);
      }
      if (!keepPage && !('page' in next)) merged.delete('page');
      const search = merged.toString();
      router.push(search ? `${pathname}?${search}` : pathname);
    },
    [query, pathname, router],
  );
  const setPage = useCallback((page: number) => setFilters({ page: String(page) }, { keepPage: true }), [setFilters]);
  return { filters, query, setFilters, setPage };
}
