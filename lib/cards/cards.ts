import 'server-only';
import type { CardSummary } from '@/lib/cards/card-view';
import { violatedUniqueConstraint } from '@/lib/db';
import type { BillingKey } from '@/lib/iamport';
import type { BillingKey as ProviderBillingKey } from '@/lib/provider';
import { plansByCard } from './dependents';
import {
  activatePendingCard,
  type Card,
  type KeyRecord,
  listActiveCards,
  moveDefaultCard,
  setDefaultCard,
} from './repository';

// A card's life past its rows (lib/cards/repository.ts): which card is the default, and how the
// customer's list shows them.

/**
 * pending → active with what the service's billing-key record says; false when the card was no
 * longer pending (a replay or a concurrent request got there first, or 회원탈퇴 removed it) or its
 * account was withdrawn meanwhile. The first card is the default.
 */
export async function activateCard(card: Card, key: KeyRecord): Promise<boolean> {
  if (!(await activatePendingCard(card, key))) return false;
  await ensureDefaultCard(card.userId);
  return true;
}

/** What V1's billing-key record says of a card. */
export const v1KeyRecord = (billingKey: BillingKey): KeyRecord => ({
  pgProvider: billingKey.pg_provider ?? null,
  cardName: billingKey.card_name ?? null,
  cardNumber: billingKey.card_number ?? null,
});

/** What a provider's key record says of a card; a V2 card keeps the key the service issued. */
export const providerKeyRecord = (key: ProviderBillingKey): KeyRecord => ({
  pgProvider: key.pgProvider,
  cardName: key.cardName,
  cardNumber: key.cardNumber,
  ...(key.api === 'v2' && { billingKey: key.key }),
});

/**
 * Makes the user's oldest active card the default when none is. Two requests may race to do so:
 * the partial unique index lets one win and the loser finds a default in place.
 */
export async function ensureDefaultCard(userId: string): Promise<void> {
  const active = await listActiveCards(userId);
  const oldest = active[0];
  if (!oldest || active.some((card) => card.isDefault)) return;
  try {
    await setDefaultCard(oldest.id);
  } catch (error) {
    if (violatedUniqueConstraint(error) === undefined) throw error;
  }
}

/** Moves the default to `cardId`, in one transaction so the user never has two or none. */
export async function makeDefault(userId: string, cardId: string): Promise<'done' | 'conflict'> {
  try {
    await moveDefaultCard(userId, cardId);
    return 'done';
  } catch (error) {
    if (violatedUniqueConstraint(error) !== undefined) return 'conflict';
    throw error;
  }
}

export function toCardSummary(card: Card, context: Pick<CardSummary, 'duplicateOf' | 'subscriptionPlan'>): CardSummary {
  return {
    id: card.id,
    method: card.method,
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
