import 'server-only';
import { and, asc, eq, exists, isNull, ne } from 'drizzle-orm';
import type { CardSummary } from '@/lib/cards/card-view';
import { cards, getDb, users, violatedUniqueConstraint } from '@/lib/db';
import type { BillingKey } from '@/lib/iamport';
import { mintServiceId } from '@/lib/payments';
import type { Card } from './chargeable';
import { plansByCard } from './dependents';

// The cards table: a card is minted `pending` under a fresh customer_uid bound to one user, made
// `active` once the service confirms its billing key, and `removed` once the key is deleted there.

export async function mintPendingCard(userId: string, via: 'window' | 'key_in'): Promise<Card> {
  const db = await getDb();
  const [card] = await db
    .insert(cards)
    .values({ userId, customerUid: mintServiceId('cus'), registeredVia: via })
    .returning();
  if (!card) throw new Error('insert returned no row');
  return card;
}

export async function findCardByCustomerUid(customerUid: string): Promise<Card | undefined> {
  const db = await getDb();
  return db.query.cards.findFirst({ where: eq(cards.customerUid, customerUid) });
}

export async function findUserCardByCustomerUid(userId: string, customerUid: string): Promise<Card | undefined> {
  const db = await getDb();
  return db.query.cards.findFirst({ where: and(eq(cards.userId, userId), eq(cards.customerUid, customerUid)) });
}

export async function findActiveCard(userId: string, cardId: string): Promise<Card | undefined> {
  const db = await getDb();
  return db.query.cards.findFirst({
    where: and(eq(cards.id, cardId), eq(cards.userId, userId), eq(cards.status, 'active')),
  });
}

export async function forgetPendingCard(cardId: string): Promise<void> {
  const db = await getDb();
  await db.delete(cards).where(and(eq(cards.id, cardId), eq(cards.status, 'pending')));
}

/**
 * pending → active with what the service's billing-key record says; false when the card was no
 * longer pending (a replay or a concurrent request got there first, or 회원탈퇴 removed it) or its
 * account was withdrawn meanwhile. The first card is the default.
 */
export async function activateCard(card: Card, billingKey: BillingKey): Promise<boolean> {
  const db = await getDb();
  const live = db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, card.userId), isNull(users.deletedAt)));
  const updated = await db
    .update(cards)
    .set({
      status: 'active',
      cardName: billingKey.card_name,
      cardNumberMasked: billingKey.card_number,
      registeredAt: new Date(),
    })
    .where(and(eq(cards.id, card.id), eq(cards.status, 'pending'), exists(live)))
    .returning({ id: cards.id });
  if (updated.length !== 1) return false;
  await ensureDefaultCard(card.userId);
  return true;
}

/** pending|active → removed (its billing key is gone at the service). */
export async function markRemoved(cardId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(cards)
    .set({ status: 'removed', isDefault: false, removedAt: new Date() })
    .where(and(eq(cards.id, cardId), ne(cards.status, 'removed')));
}

/**
 * Makes the user's oldest active card the default when none is. Two requests may race to do so:
 * the partial unique index lets one win and the loser finds a default in place.
 */
export async function ensureDefaultCard(userId: string): Promise<void> {
  const db = await getDb();
  const active = await listActiveCards(userId);
  const oldest = active[0];
  if (!oldest || active.some((card) => card.isDefault)) return;
  try {
    await db.update(cards).set({ isDefault: true }).where(eq(cards.id, oldest.id));
  } catch (error) {
    if (violatedUniqueConstraint(error) === undefined) throw error;
  }
}

/** Moves the default to `cardId`, in one transaction so the user never has two or none. */
export async function makeDefault(userId: string, cardId: string): Promise<'done' | 'conflict'> {
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(cards)
        .set({ isDefault: false })
        .where(and(eq(cards.userId, userId), eq(cards.isDefault, true)));
      await tx.update(cards).set({ isDefault: true }).where(eq(cards.id, cardId));
    });
    return 'done';
  } catch (error) {
    if (violatedUniqueConstraint(error) !== undefined) return 'conflict';
    throw error;
  }
}

export async function listActiveCards(userId: string): Promise<Card[]> {
  const db = await getDb();
  return db.query.cards.findMany({
    where: and(eq(cards.userId, userId), eq(cards.status, 'active')),
    orderBy: [asc(cards.registeredAt), asc(cards.createdAt)],
  });
}

export function toCardSummary(card: Card, context: Pick<CardSummary, 'duplicateOf' | 'subscriptionPlan'>): CardSummary {
  return {
    id: card.id,
    cardName: card.cardName,
    numberMasked: card.cardNumberMasked,
    isDefault: card.isDefault,
    registeredVia: card.registeredVia,
    registeredAt: card.registeredAt?.toISOString() ?? null,
    ...context,
  };
}

/**
 * The user's active cards, oldest first. A card with the issuer and masked number of an older one
 * is most likely the same card registered twice (the service issues a new key either way), so it
 * names that older card; the customer decides whether to keep it.
 */
export async function cardSummaries(userId: string): Promise<CardSummary[]> {
  const [active, plans] = await Promise.all([listActiveCards(userId), plansByCard(userId)]);
  const firstSeen = new Map<string, string>();
  return active.map((card) => {
    const identity = card.cardNumberMasked ? `${card.cardName ?? ''}|${card.cardNumberMasked}` : undefined;
    const duplicateOf = identity ? (firstSeen.get(identity) ?? null) : null;
    if (identity && !duplicateOf) firstSeen.set(identity, card.id);
    return toCardSummary(card, { duplicateOf, subscriptionPlan: plans.get(card.id) ?? null });
  });
}
