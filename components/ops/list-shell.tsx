'use client';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useUrlFilters } from '@/lib/browser/client';
import type { Page } from '@/lib/ops/client';
import { DataTable, type TableSpec } from './data-table';
import { type FilterField, FilterForm } from './filter-form';
import { QueryState } from './query-state';

/** What a list hook of `opsResource` gives the shell. */
export interface ListResult<Data> {
  data?: Data;
  isPending: boolean;
  isFetching: boolean;
  error: Error | null;
}

type Body<Row, Data> = { table: TableSpec<Row>; children?: never } | { table?: never; children(page: Data): ReactNode };

/**
 * A console list, the same on every page: the filter form (its values in the URL), what an action
 * came to, then loading or the error, the page's rows (a table, or `children` for anything else)
 * and the pager. Changing a filter goes back to page 1; the page number lives in the URL too.
 */
export function ListShell<Row, Data extends Page<Row> = Page<Row>>({
  useList,
  filters,
  notices,
  ...body
}: {
  /** The resource's list hook: a module's constant, so the same hook runs on every render. */
  useList(query: string): ListResult<Data>;
  filters?: { label: string; fields: FilterField[] };
  /** Between the filters and the list: an action's outcome, a button. */
  notices?: ReactNode;
} & Body<Row, Data>) {
  const url = useUrlFilters();
  const { data, isPending, isFetching, error } = useList(url.query);
  return (
    <>
      {filters && <FilterForm {...filters} values={url.filters} onSubmit={url.setFilters} />}
      {notices}
      <QueryState isPending={isPending} error={error}>
        {data && (
          <>
            {body.table ? <DataTable {...body.table} rows={data.rows} busy={isFetching} /> : body.children(data)}
            <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={url.setPage} />
          </>
        )}
      </QueryState>
    </>
  );
}

function Pager({ page, pageSize, total, onPage }: Omit<Page<unknown>, 'rows'> & { onPage(page: number): void }) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="ops-pager" aria-label="페이지">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        이전
      </Button>
      <span aria-live="polite">
        {page} / {last} 페이지 · 모두 {total}건
      </span>
      <Button variant="secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        다음
      </Button>
    </nav>
  );
}
