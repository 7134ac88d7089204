/** A registered card as pages see it: never more of the number than the service's masked form. */
export interface CardSummary {
  id: string;
  /** e.g. 신한카드; null when the service did not say. */
  cardName: string | null;
  /** e.g. 4242-42**-****-4242 */
  numberMasked: string | null;
  isDefault: boolean;
  registeredVia: 'window' | 'key_in' | null;
  /** ISO 8601 */
  registeredAt: string | null;
}

/** What the page needs to open the payment window for a card registration (amount 0). */
export interface WindowRegistration {
  customerUid: string;
  merchantUid: string;
  pg: string;
  name: string;
  /** Left out when it does not fit the service's limits. */
  buyerName?: string;
  buyerEmail?: string;
}
