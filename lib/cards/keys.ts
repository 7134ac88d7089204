import 'server-only';
import { isLiveAccount } from '@/lib/accounts';
import { IamportNotFoundError, iamport } from '@/lib/iamport';
import { log } from '@/lib/log';
import { providerFor } from '@/lib/provider';
import { type Card, keepIssuedKey, markRemoved } from './repository';

// Billing keys the service must not keep: a card removed, a card of a withdrawn account, a card
// registration abandoned. A key issued for one of them (a window completed late, a key-in answered
// after 회원탈퇴) is deleted at once; reconciliation deletes any the service still holds.

/** A card registration left pending this long (this server's clock) was abandoned: no window stays open so long. */
export const ABANDONED_AFTER_MS = 60 * 60_000;

/**
 * Deletes a card's billing key on the API it was issued on; answers whether the service held one
 * (V2 answers true for any key it was given). Throws on service trouble. A V2 card that never
 * learned its key (a window not completed) has none to delete here.
 */
export async function deleteKey(card: Pick<Card, 'api' | 'customerUid' | 'billingKey'>): Promise<boolean> {
  if (card.api === 'v2') {
    if (!card.billingKey) return false;
    await providerFor('v2').deleteKey(card.billingKey);
    return true;
  }
  try {
    await iamport().billingKeys.delete({ customer_uid: card.customerUid });
    return true;
  } catch (error) {
    if (error instanceof IamportNotFoundError) return false;
    throw error;
  }
}

/**
 * Deletes every key the service holds for a card no longer wanted; answers whether it held any.
 * V1's is the one under the card's customer_uid. A V2 card's are listed by its customer id, the
 * only name a key has here when its issuance answer was lost (a key-in timed out, a window whose
 * browser never came back). Throws on service trouble.
 */
export async function deleteHeldKeys(card: Pick<Card, 'api' | 'customerUid' | 'billingKey'>): Promise<boolean> {
  if (card.api === 'v1') return deleteKey(card);
  const v2 = providerFor('v2');
  const held = await v2.listKeys({ customerId: card.customerUid });
  for (const key of held) await v2.deleteKey(key.key);
  return held.length > 0;
}

/** Whether `card` may hold a billing key: not removed, and its account not withdrawn. */
export async function keyWanted(card: Card): Promise<boolean> {
  if (card.status === 'removed') return false;
  return isLiveAccount(card.userId);
}

/**
 * A key the service issued for a card no longer wanted: deleted, and the card marked removed. A
 * failure is left to reconciliation (logged), never thrown at a registration's caller.
 */
export async function dropUnwantedKey(card: Card): Promise<void> {
  // A V2 key is kept on the row first: if deleting it fails, reconciliation finds it there.
  if (card.api === 'v2' && card.billingKey) await keepIssuedKey(card.id, card.billingKey);
  await markRemoved(card.id);
  await deleteKey(card).catch((error: unknown) => {
    log.warn({ cardId: card.id, reason: String(error) }, 'billing key not deleted; left for reconciliation');
  });
}
