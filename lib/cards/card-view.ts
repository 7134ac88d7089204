import { isWallet, type KeyMethod, PAY_METHOD_NAMES } from '@/lib/payments/client';
import { formatDate } from '@/lib/values/client';

/** A registered card or wallet as pages see it: never more of a card number than the service's masked form. */
export interface CardSummary {
  id: string;
  /** What the billing key pays with: a card, or a wallet (간편결제) — as the service's key record says. */
  method: KeyMethod;
  /** e.g. 신한카드; null when the service did not say. */
  cardName: string | null;
  /** e.g. 4242-42**-****-4242; null for a wallet. */
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

/** What the page needs to open the payment window for a registration (amount 0): a card's, or a wallet's. */
export interface WindowRegistration {
  customerUid: string;
  merchantUid: string;
  /** What is registered; a wallet is its own `pg`. */
  method: KeyMethod;
  pg: string;
  name: string;
  /** Left out when it does not fit the service's limits. */
  buyerName?: string;
  buyerEmail?: string;
}

/**
 * POST /api/cards/window's answer: the registration, with the API the server chose (PORTONE_API)
 * and, on V2, the billing-key window's fields (docs: the shop contract; the browser never decides).
 */
export type RegistrationAnswer = WindowRegistration &
  (
    | { api: 'v1' }
    | {
        api: 'v2';
        scriptUrl: string;
        storeId: string;
        channelKey: string;
        billingKeyMethod: 'CARD' | 'EASY_PAY';
        /** The customerUid minted here: the issuance's id and the key's customer. */
        issueId: string;
        customer: { customerId: string };
      }
  );

/** A means' name as lists say it: a wallet by its name (카카오페이), a card by issuer and masked number. */
export function meansName(card: Pick<CardSummary, 'method' | 'cardName' | 'numberMasked'>): string {
  if (isWallet(card.method)) return PAY_METHOD_NAMES[card.method];
  return `${card.cardName ?? '카드'} ${card.numberMasked ?? ''}`.trim();
}

/** The word for "the means it is charged to", in a card's or a wallet's terms: 결제 카드, or 결제수단. */
export const meansTerm = (method: KeyMethod) => (method === 'card' ? '결제 카드' : '결제수단');

/**
 * How a card or wallet is named where several may look alike: a card by issuer and last 4 digits,
 * a wallet by its name; and its registration day.
 */
export function cardOptionLabel(card: CardSummary): { value: string; label: string; detail?: string } {
  const detail = card.registeredAt ? `${formatDate(card.registeredAt)} 등록` : undefined;
  if (isWallet(card.method)) {
    const label = `${PAY_METHOD_NAMES[card.method]}${card.isDefault ? ' · 기본 결제수단' : ''}`;
    return { value: card.id, label, detail };
  }
  const last4 = card.numberMasked?.slice(-4);
  const label = `${card.cardName ?? '카드'}${last4 ? ` (${last4})` : ''}${card.isDefault ? ' · 기본 카드' : ''}`;
  return { value: card.id, label, detail };
}
