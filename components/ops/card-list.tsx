'use client';
import { Fragment, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';

/**
 * A work queue of the console (orders, subscription boxes): one card a row, unpaged. The cards
 * stay while the queue refetches after a step (busy, not replaced by a loading line), and an
 * error is said above them.
 */
export function CardList<Row>({
  result: { data, isFetching, error },
  label,
  empty,
  rowKey,
  children,
}: {
  result: { data?: { rows: Row[] }; isFetching: boolean; error: Error | null };
  /** The list's accessible name. */
  label: string;
  empty: string;
  rowKey(row: Row): string;
  children(row: Row): ReactNode;
}) {
  return (
    <>
      {error && <Alert>{error.message}</Alert>}
      {data?.rows.length === 0 && <p>{empty}</p>}
      <ul className="ops-columns" style={{ listStyle: 'none', padding: 0 }} aria-label={label} aria-busy={isFetching}>
        {data?.rows.map((row) => (
          <Fragment key={rowKey(row)}>{children(row)}</Fragment>
        ))}
      </ul>
    </>
  );
}
