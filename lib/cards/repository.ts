import 'server-only';
import { and, asc, eq, exists, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { liveAccount, withdrawnAccounts } from '@/lib/accounts';
import { cards, type Db, getDb, preparedStatement } from '@/lib/db';
import type { BillingKey } from '@/lib/iamport';
import { mintServiceId } from '@/lib/payments';
import { isWallet, type KeyMethod } from '@/lib/payments/client';
import type { Api } from '@/lib/provider';

// The cards table, and its one writer: every insert, update and delete of it is here (when to make
// each change is decided by the other files of lib/cards). A card is minted `pending` under a fresh
// customer_uid bound to one user, made `active` once the service confirms its billing key, and
// `removed` once the key is deleted there. Other domains read cards through these functions too.

export type Card = typeof cards.$inferSelect;
/** The app's database or a transaction of it. */
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'query'>;

/** Cards that hold (or may yet hold) a billing key. */
const HELD_STATUSES: Card['status'][] = ['pending', 'active'];

/** A card to be registered on `api` (PORTONE_API), for good: its key is charged and deleted there. */
export async function mintPendingCard(userId: string, via: 'window' | 'key_in', api: Api = 'v1'): Promise<Card> {
  const db = await getDb();
  const [card] = await db
    .insert(cards)
    .values({ userId, customerUid: mintServiceId('cus'), registeredVia: via, api })
    .returning();
  if (!card) throw new Error('insert returned no row');
  return card;
}

export async function findCard(cardId: string, executor?: Executor): Promise<Card | undefined> {
  const db = executor ?? (await getDb());
  return db.query.cards.findFirst({ where: eq(cards.id, cardId) });
}

export async function findCardByCustomerUid(
  customerUid: string,
  executor?: Pick<Db, 'query'>,
): Promise<Card | undefined> {
  const db = executor ?? (await getDb());
  return db.query.cards.findFirst({ where: eq(cards.customerUid, customerUid) });
}

export async function findUserCardByCustomerUid(userId: string, customerUid: string): Promise<Card | undefined> {
  const db = await getDb();
  return db.query.cards.findFirst({ where: and(eq(cards.userId, userId), eq(cards.customerUid, customerUid)) });
}

const activeCardOf = (db: Db, which: 'default' | 'named') =>
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
const defaultCard = preparedStatement((db) => activeCardOf(db, 'default'));
const namedCard = preparedStatement((db) => activeCardOf(db, 'named'));

/** The user's active card `cardId`; undefined for another user's card, or one not active. */
export async function findActiveCard(userId: string, cardId: string): Promise<Card | undefined> {
  return namedCard(await getDb()).execute({ userId, cardId });
}

export async function findDefaultCard(userId: string): Promise<Card | undefined> {
  return defaultCard(await getDb()).execute({ userId });
}

export async function listActiveCards(userId: string): Promise<Card[]> {
  const db = await getDb();
  return db.query.cards.findMany({
    where: and(eq(cards.userId, userId), eq(cards.status, 'active')),
    orderBy: [asc(cards.registeredAt), asc(cards.createdAt)],
  });
}

/** Every card the user ever registered, removed ones too (a subscription names the card it had). */
export async function listUserCards(userId: string): Promise<Card[]> {
  const db = await getDb();
  return db.query.cards.findMany({ where: eq(cards.userId, userId) });
}

/** The user's cards that hold or may yet hold a billing key. */
export async function listHeldCards(userId: string): Promise<Card[]> {
  const db = await getDb();
  return db.query.cards.findMany({ where: and(eq(cards.userId, userId), inArray(cards.status, HELD_STATUSES)) });
}

/** Whether the user has a card that holds or may yet hold a billing key (in `executor`'s transaction). */
export async function holdsCard(executor: Executor, userId: string): Promise<boolean> {
  const [held] = await executor
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, userId), inArray(cards.status, HELD_STATUSES)))
    .limit(1);
  return held !== undefined;
}

/**
 * Cards whose customer_uid must hold no key: removed, of a withdrawn account, or pending since
 * before `abandonedBefore` (the registration was abandoned).
 */
export async function listCardsWithUnwantedKeys(abandonedBefore: Date): Promise<Card[]> {
  const db = await getDb();
  return db
    .select()
    .from(cards)
    .where(
      or(
        eq(cards.status, 'removed'),
        inArray(cards.userId, withdrawnAccounts(db)),
        and(eq(cards.status, 'pending'), lt(cards.createdAt, abandonedBefore)),
      ),
    );
}

export async function forgetPendingCard(cardId: string): Promise<void> {
  const db = await getDb();
  await db.delete(cards).where(and(eq(cards.id, cardId), eq(cards.status, 'pending')));
}

/**
 * What a billing key pays with, from the service's key record read with our key (never the
 * browser's word): a wallet by its provider (`kakaopay`, or `kakaopay.<store>`; V2 `KAKAOPAY`), else a card.
 */
export function keyMethodOf(billingKey: Pick<BillingKey, 'pg_provider'>): KeyMethod {
  const provider = billingKey.pg_provider?.split('.')[0]?.toLowerCase() ?? '';
  return isWallet(provider) ? provider : 'card';
}

/** What the service's key record says of a card, whichever API issued it. */
export interface KeyRecord {
  pgProvider: string | null;
  cardName: string | null;
  cardNumber: string | null;
  /** V2: the key the service issued (V1's is the customer_uid itself). */
  billingKey?: string;
}

/**
 * pending → active with what the service's billing-key record says; false when the card was no
 * longer pending or its account was withdrawn (checked in the same statement).
 */
export async function activatePendingCard(card: Card, key: KeyRecord): Promise<boolean> {
  const db = await getDb();
  const updated = await db
    .update(cards)
    .set({
      status: 'active',
      method: keyMethodOf({ pg_provider: key.pgProvider }),
      cardName: key.cardName,
      cardNumberMasked: key.cardNumber,
      ...(key.billingKey ? { billingKey: key.billingKey } : {}),
      registeredAt: new Date(),
    })
    .where(and(eq(cards.id, card.id), eq(cards.status, 'pending'), exists(liveAccount(db, card.userId))))
    .returning({ id: cards.id });
  return updated.length === 1;
}

/**
 * Keeps a V2 key the service issued for this card on its row, whatever its status, unless it has
 * one: removal, 회원탈퇴 and reconciliation's sweep of unwanted keys then find it to delete (a V2
 * key is named by the service, so a row without it cannot have its key deleted).
 */
export async function keepIssuedKey(cardId: string, billingKey: string): Promise<void> {
  const db = await getDb();
  await db
    .update(cards)
    .set({ billingKey })
    .where(and(eq(cards.id, cardId), isNull(cards.billingKey)));
}

/** pending|active → removed (its billing key is gone at the service, or must be). */
export async function markRemoved(cardId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(cards)
    .set({ status: 'removed', isDefault: false, removedAt: new Date() })
    .where(and(eq(cards.id, cardId), ne(cards.status, 'removed')));
}

/** Makes the card the default; throws the unique violation when the user has a default already. */
export async function setDefaultCard(cardId: string): Promise<void> {
  const db = await getDb();
  await db.update(cards).set({ isDefault: true }).where(eq(cards.id, cardId));
}

/**
 * Moves the user's default to `cardId`, in one transaction so the user never has two or none;
 * throws the unique violation when a concurrent move got there first.
 */
export async function moveDefaultCard(userId: string, cardId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(cards)
      .set({ isDefault: false })
      .where(and(eq(cards.userId, userId), eq(cards.isDefault, true)));
    await tx.update(cards).set({ isDefault: true }).where(eq(cards.id, cardId));
  });
}
