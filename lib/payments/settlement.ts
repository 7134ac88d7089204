// What settling a payment from the service's record came to, for every owner of a payment (orders,
// subscription charges, card registrations): callers branch on `kind`, never on text; `note` is
// for the webhook delivery log and reconciliation reports.
export type SettlementKind =
  /** Applied: an order or charge moved (paid, failed, a refund recorded). */
  | 'applied'
  /** The payment bought nothing and was refunded in full. */
  | 'refunded'
  /** Settled before: nothing changed. */
  | 'already'
  /** Not ours to act on (no such order, a record that decides nothing). */
  | 'ignored'
  /** Not decidable now (the record still moving): to be looked at again. */
  | 'unknown';

export interface Settlement {
  kind: SettlementKind;
  note: string;
}

export const settlement = (kind: SettlementKind, note: string): Settlement => ({ kind, note });
