import 'server-only';
import { type Card, findActiveCard, findDefaultCard } from './repository';

export type { Card };

/**
 * The user's active card to charge: the one named (it must be theirs), else their default.
 * Undefined when there is none — another user's card id is simply not found.
 */
export async function findChargeableCard(userId: string, cardId?: string): Promise<Card | undefined> {
  return cardId === undefined ? findDefaultCard(userId) : findActiveCard(userId, cardId);
}

/** How a card is shown on orders and subscriptions: `신한카드 1234-****-****-5678`. */
export function cardLabel(card: Pick<Card, 'cardName' | 'cardNumberMasked'>): string {
  return [card.cardName, card.cardNumberMasked].filter(Boolean).join(' ') || '등록된 카드';
}
