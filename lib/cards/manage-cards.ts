import 'server-only';
import { ensureDefaultCard, makeDefault } from './cards';
import { whyCardIsNeeded } from './dependents';
import { deleteKey } from './keys';
import { refuseCard } from './refusals';
import { findActiveCard, markRemoved } from './repository';

/**
 * Deletes the billing key at the service, then forgets the card; refused while a feature that
 * charges it later (a subscription) says it is needed. A key the service no longer has is gone
 * either way. If it was the default, the oldest remaining card takes over.
 */
export async function removeCard(userId: string, cardId: string): Promise<void> {
  const card = await findActiveCard(userId, cardId);
  if (!card) throw refuseCard('card_not_found');
  const reason = await whyCardIsNeeded(card);
  if (reason) throw refuseCard('card_in_use', reason);
  // On the card's own API; a key the service does not have is gone either way (deleteKey), any
  // other failure is the route wrapper's 503.
  await deleteKey(card);
  await markRemoved(card.id);
  await ensureDefaultCard(userId);
}

export async function chooseDefaultCard(userId: string, cardId: string): Promise<void> {
  const card = await findActiveCard(userId, cardId);
  if (!card) throw refuseCard('card_not_found');
  if (card.isDefault) return;
  if ((await makeDefault(userId, card.id)) === 'conflict') throw refuseCard('default_conflict');
}
