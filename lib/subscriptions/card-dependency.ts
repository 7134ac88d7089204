import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { CardDependencyCheck } from '@/lib/cards';
import { getDb, subscriptions } from '@/lib/db';
import { UNFINISHED_STATUSES } from './lifecycle';

// A subscription that will charge its card again (lifecycle.ts chargesAgain, as SQL): unfinished and
// not set to stop at its period's end. lib/wiring.ts registers both with lib/cards.
const chargesAgain = and(
  eq(subscriptions.cancelAtPeriodEnd, false),
  inArray(subscriptions.status, [...UNFINISHED_STATUSES]),
);

/** A card or wallet that a live subscription will charge again cannot be removed (the words fit either). */
export const subscriptionNeedsCard: CardDependencyCheck = async (card) => {
  const db = await getDb();
  const dependent = await db.query.subscriptions.findFirst({
    where: and(eq(subscriptions.cardId, card.id), chargesAgain),
  });
  return dependent
    ? `'${dependent.planName}' 정기구독의 결제수단입니다. 구독의 결제수단을 바꾸거나 구독을 해지한 뒤 삭제해 주세요.`
    : undefined;
};

/** The plan each of the user's cards will be charged for again, by card id (for the cards list's badge). */
export async function plansByCard(userId: string): Promise<Map<string, string>> {
  const db = await getDb();
  const live = await db.query.subscriptions.findMany({
    where: and(eq(subscriptions.userId, userId), chargesAgain),
    columns: { cardId: true, planName: true },
  });
  return new Map(live.map((subscription) => [subscription.cardId, subscription.planName]));
}
