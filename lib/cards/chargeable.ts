import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { cards } from '@/lib/db/schema';

export type Card = typeof cards.$inferSelect;

/**
 * The user's active card to charge: the one named (it must be theirs), else their default.
 * Undefined when there is none — another user's card id is simply not found.
 */
export async function findChargeableCard(userId: string, cardId?: string): Promise<Card | undefined> {
  const db = await getDb();
  return db.query.cards.findFirst({
    where: and(
      eq(cards.userId, userId),
      eq(cards.status, 'active'),
      cardId === undefined ? eq(cards.isDefault, true) : eq(cards.id, cardId),
    ),
  });
}

/** How a card is shown on orders and subscriptions: `신한카드 1234-****-****-5678`. */
export function cardLabel(card: Pick<Card, 'cardName' | 'cardNumberMasked'>): string {
  return [card.cardName, card.cardNumberMasked].filter(Boolean).join(' ') || '등록된 카드';
}
