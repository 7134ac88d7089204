import type { CancelEntry, Payment } from '@/lib/iamport';

// What became of a refund asked of the service, read from the payment's cancel_history against the
// entries it held before the refund was asked. Every request for a refund carries the balance seen
// before as its checksum, so the service makes it only while that balance stands: once any refund
// lands after that read, ours either is that one or can never be made. Pure: unit-tested alone.

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

export function refundFate(payment: Payment, asked: AskedRefund): RefundFate {
  const known = new Set(asked.knownEntries);
  const fresh = payment.cancel_history.filter((entry) => !known.has(cancelEntryKey(entry)));
  // The service keeps the reason we sent; a provider that drops it leaves the amount to tell.
  const ours = fresh.find((entry) => entry.amount === asked.amount && (!entry.reason || entry.reason === asked.reason));
  if (ours) return { kind: 'made', entry: cancelEntryKey(ours) };
  return fresh.length === 0 ? { kind: 'not_yet' } : { kind: 'superseded' };
}
