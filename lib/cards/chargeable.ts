import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { cards, type Db, getDb, preparedStatement } from '@/lib/db';

export type Card = typeof cards.$inferSelect;

const chargeable = (db: Db, which: 'default' | 'named') =>
  db.query.cards
    .findFirst({
      where: and(
        eq(cards.userId, sql.placeholder('userId')),
        eq(cards.status, 'active'),
        which === 'default' ? eq(cards.isDefault, true) : eq(cards.id, sql.placeholder('cardId')),
      ),
    })
    .prepare(`chargeable_card_${which}`);
// Run by every one-click purchase: built once (lib/db/prepared.ts).
const defaultCard = preparedStatement((db) => chargeable(db, 'default'));
const namedCard = preparedStatement((db) => chargeable(db, 'named'));

/**
 * The user's active card to charge: the one named (it must be theirs), else their default.
 * Undefined when there is none — another user's card id is simply not found.
 */
export async function findChargeableCard(userId: string, cardId?: string): Promise<Card | undefined> {
  const db = await getDb();
  return cardId === undefined ? defaultCard(db).execute({ userId }) : namedCard(db).execute({ userId, cardId });
}

/** How a card is shown on orders and subscriptions: `신한카드 1234-****-****-5678`. */
export function cardLabel(card: Pick<Card, 'cardName' | 'cardNumberMasked'>): string {
  return [card.cardName, card.cardNumberMasked].filter(Boolean).join(' ') || '등록된 카드';
}
