import { type ReactNode, Suspense } from 'react';

/**
 * A console page that is one list: its title, and the list under Suspense — most lists read their
 * filters from the URL's query (useSearchParams), which needs a boundary above them.
 */
export function ConsolePage({ title, list }: { title: string; list: ReactNode }) {
  return (
    <section>
      <h1>{title}</h1>
      <Suspense fallback={<p aria-busy="true">불러오는 중…</p>}>{list}</Suspense>
    </section>
  );
}
