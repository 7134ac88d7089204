import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { User } from '@/lib/accounts';
import { meansLine } from '@/lib/cards';
import { cards, getDb, priceChangeRequests, subscriptions } from '@/lib/db';
import { AppError } from '@/lib/http';
import { iamport } from '@/lib/iamport';
import type { PriceChangeSummary } from '@/lib/subscriptions/subscription-view';
import { windowOpensAt } from './consent-window';
import { UNFINISHED_STATUSES } from './lifecycle';
import { type PriceChangeRequest, priceChangeText } from './price-changes';
import { changeDateOf } from './prices';
import type { Subscription } from './repository';

// Higher prices as a subscriber sees them: the change, the date of their first charge at it, the
// window in which they are asked (from 30 days before), and the terms of the ask.

export const refusePrice = (code: string, message: string, status = 422) => new AppError(status, code, message);

const summaryOf = (
  request: PriceChangeRequest,
  subscription: Subscription,
  means: string,
  now: number,
): PriceChangeSummary => {
  const changesAt = changeDateOf(subscription, request.effectiveFrom);
  return {
    id: request.id,
    subscriptionId: subscription.id,
    planName: subscription.planName,
    oldAmount: request.oldAmount,
    newAmount: request.newAmount,
    effectiveFrom: request.effectiveFrom,
    changesAt,
    asksFrom: windowOpensAt(changesAt),
    askOpen: now >= windowOpensAt(changesAt),
    status: request.status === 'declined' ? 'declined' : 'requested',
    endsAt: request.withheld || request.status === 'declined' ? subscription.currentPeriodEnd : null,
    text: priceChangeText(request, subscription.planName, changesAt, means),
  };
};

/** The user's price rises not agreed to, of subscriptions still running (the banner and the page). */
export async function pendingPriceChanges(userId: string): Promise<PriceChangeSummary[]> {
  const db = await getDb();
  const rows = await db
    .select({ request: priceChangeRequests, subscription: subscriptions, card: cards })
    .from(priceChangeRequests)
    .innerJoin(subscriptions, eq(subscriptions.id, priceChangeRequests.subscriptionId))
    .leftJoin(cards, eq(cards.id, subscriptions.cardId))
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(priceChangeRequests.status, ['requested', 'declined']),
        inArray(subscriptions.status, [...UNFINISHED_STATUSES]),
      ),
    );
  if (rows.length === 0) return [];
  // Whether the ask is open is decided at its edge: the service's clock, read now.
  const now = await iamport().serviceNow({ fresh: true });
  return rows.map(({ request, subscription, card }) => summaryOf(request, subscription, meansLine(card), now));
}

export async function usersRequest(user: User, requestId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ request: priceChangeRequests, subscription: subscriptions, card: cards })
    .from(priceChangeRequests)
    .innerJoin(subscriptions, eq(subscriptions.id, priceChangeRequests.subscriptionId))
    .leftJoin(cards, eq(cards.id, subscriptions.cardId))
    .where(and(eq(priceChangeRequests.id, requestId), eq(subscriptions.userId, user.id)));
  if (!row) throw refusePrice('price_change_not_found', '가격 변경 안내를 찾을 수 없습니다.', 404);
  return row;
}
