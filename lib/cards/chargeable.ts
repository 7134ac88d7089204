import 'server-only';
import { isWallet, PAY_METHOD_NAMES } from '@/lib/payments/client';
import { meansTerm } from './card-view';
import { type Card, findActiveCard, findDefaultCard } from './repository';

export type { Card };

/**
 * The user's active card to charge: the one named (it must be theirs), else their default.
 * Undefined when there is none — another user's card id is simply not found.
 */
export async function findChargeableCard(userId: string, cardId?: string): Promise<Card | undefined> {
  return cardId === undefined ? findDefaultCard(userId) : findActiveCard(userId, cardId);
}

type Labelled = Pick<Card, 'cardName' | 'cardNumberMasked'> & Partial<Pick<Card, 'method'>>;

/**
 * How a card or wallet is shown on orders and subscriptions: `신한카드 1234-****-****-5678`, or a
 * wallet by its name (`카카오페이`: the service's key record has no number for it).
 */
export function cardLabel(card: Labelled): string {
  if (card.method && isWallet(card.method)) return PAY_METHOD_NAMES[card.method];
  return [card.cardName, card.cardNumberMasked].filter(Boolean).join(' ') || '등록된 카드';
}

/**
 * The line a consent text names what will be charged with: `결제 카드: 신한카드 …`, or `결제수단:
 * 카카오페이` for a wallet (it is no card; the text is what the customer agrees to).
 */
export function meansLine(card: Labelled | null | undefined): string {
  if (!card) return '결제 카드: 카드';
  return `${meansTerm(card.method ?? 'card')}: ${cardLabel(card)}`;
}
