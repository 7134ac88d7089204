'use client';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import type { Page } from '@/lib/ops/client';
import { QueryState } from './query-state';

export interface Column<Row> {
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** Short values (amounts, statuses, times) that read badly broken over lines. */
  nowrap?: boolean;
}

/** The console's one table: caption, column headers, a line when there are no rows. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  busy,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row): string;
  empty: string;
  busy?: boolean;
}) {
  return (
    // Wider than a phone: the table scrolls sideways (reachable by keyboard), the page does not.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="table-scroll" tabIndex={0} aria-label={`${caption} (옆으로 스크롤)`}>
      <table className="ops-table" aria-busy={busy || undefined}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          )}
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed per table
                <td key={index} className={column.nowrap ? 'nowrap' : undefined}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * A server-paginated list as every console page shows it: loading and error, the page's rows
 * (a DataTable or any list), then the pager; the page number lives in the URL (`onPage`).
 */
export function PagedResults<Row>({
  result: { data, isPending, error },
  onPage,
  children,
}: {
  result: { data?: Page<Row>; isPending: boolean; error: Error | null };
  onPage(page: number): void;
  children(page: Page<Row>): ReactNode;
}) {
  return (
    <QueryState isPending={isPending} error={error}>
      {data && (
        <>
          {children(data)}
          <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
        </>
      )}
    </QueryState>
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
