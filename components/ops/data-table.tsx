'use client';
import type { ReactNode } from 'react';

export interface Column<Row> {
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** Short values (amounts, statuses, times) that read badly broken over lines. */
  nowrap?: boolean;
}

/** A table but its rows: what a list hands the shell, or a page the records it shows. */
export interface TableSpec<Row> {
  caption: string;
  columns: Column<Row>[];
  rowKey(row: Row): string;
  /** The line shown when there are no rows. */
  empty: string;
}

/** The console's one table: caption, column headers, a line when there are no rows. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  busy,
}: TableSpec<Row> & { rows: Row[]; busy?: boolean }) {
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
