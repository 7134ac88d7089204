import 'server-only';
import { isLiveAccount } from '@/lib/accounts';
import { IamportNotFoundError, iamport } from '@/lib/iamport';
import { log } from '@/lib/log';
import { type Card, markRemoved } from './repository';

// Billing keys the service must not keep: a card removed, a card of a withdrawn account, a card
// registration abandoned. A key issued for one of them (a window completed late, a key-in answered
// after 회원탈퇴) is deleted at once; reconciliation deletes any the service still holds.

/** A card registration left pending this long (this server's clock) was abandoned: no window stays open so long. */
export const ABANDONED_AFTER_MS = 60 * 60_000;

/** Deletes a billing key at the service; answers whether it held one. Throws on service trouble. */
export async function deleteKey(customerUid: string): Promise<boolean> {
  try {
    await iamport().billingKeys.delete({ customer_uid: customerUid });
    return true;
  } catch (error) {
    if (error instanceof IamportNotFoundError) return false;
    throw error;
  }
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
  await markRemoved(card.id);
  await deleteKey(card.customerUid).catch((error: unknown) => {
    log.warn({ cardId: card.id, reason: String(error) }, 'billing key not deleted; left for reconciliation');
  });
}
