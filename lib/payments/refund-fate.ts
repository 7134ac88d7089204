import type { CancelEntry, Payment } from '@/lib/iamport';

// What became of a refund asked of the service, read from the payment's cancel_history against the
// entries it held before the refund was asked. Every request for a refund carries the balance seen
// before as its checksum, so the service makes it only while that balance stands: if it was made,
// it is the FIRST refund after that read — any refund landing before it changed the balance and
// made ours impossible. So ours is told apart by its place (the first new entry), its amount and
// its reason; never by "something new of our amount appeared", which another request may have put
// there. Pure: unit-tested alone.

/** A cancel_history entry's identity: the provider's cancellation number, else when and how much. */
export const cancelEntryKey = (entry: CancelEntry): string =>
  entry.pg_tid || entry.cancellation_id || `${entry.cancelled_at}:${entry.amount}`;

export const cancelEntryKeys = (payment: Payment): string[] => payment.cancel_history.map(cancelEntryKey);

export interface AskedRefund {
  amount: number;
  reason: string;
  /** Keys of the entries the record held before it was asked. */
  knownEntries: readonly string[];
}

export type RefundFate =
  /** Made: its entry is in the record. */
  | { kind: 'made'; entry: string }
  /** Nothing new in the record: not made yet; asking again with the same checksum is safe. */
  | { kind: 'not_yet' }
  /** Another refund was made first: this one's checksum is stale, it can never be made. */
  | { kind: 'superseded' };

/** The entries not in `known`, oldest first (by time; the record's own order within a second). */
export function freshEntries(payment: Payment, known: readonly string[]): CancelEntry[] {
  const seen = new Set(known);
  return payment.cancel_history
    .map((entry, at) => ({ entry, at }))
    .filter(({ entry }) => !seen.has(cancelEntryKey(entry)))
    .sort((a, b) => a.entry.cancelled_at - b.entry.cancelled_at || a.at - b.at)
    .map(({ entry }) => entry);
}

export function refundFate(payment: Payment, asked: AskedRefund): RefundFate {
  const [first] = freshEntries(payment, asked.knownEntries);
  if (!first) return { kind: 'not_yet' };
  // The service keeps the reason we sent; a provider that drops it leaves the amount to tell.
  const ours = first.amount === asked.amount && (!first.reason || first.reason === asked.reason);
  return ours ? { kind: 'made', entry: cancelEntryKey(first) } : { kind: 'superseded' };
}
