import { formatDate } from '@/lib/values/client';

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
  /** The id of an older active card with the same issuer and masked number: likely the same card twice. */
  duplicateOf: string | null;
  /** The plan of the subscription that will charge this card again, if any (it cannot be removed then). */
  subscriptionPlan: string | null;
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

/** How a card is named where several may look alike: issuer and last 4 digits, and its registration day. */
export function cardOptionLabel(card: CardSummary): { value: string; label: string; detail?: string } {
  const last4 = card.numberMasked?.slice(-4);
  const label = `${card.cardName ?? '카드'}${last4 ? ` (${last4})` : ''}${card.isDefault ? ' · 기본 카드' : ''}`;
  return { value: card.id, label, detail: card.registeredAt ? `${formatDate(card.registeredAt)} 등록` : undefined };
}
