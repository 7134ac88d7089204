import 'server-only';
import type { User } from '@/lib/accounts';
import { type BillingKey, ProviderNotFoundError, providerFor } from '@/lib/provider';
import { activateCard, providerKeyRecord } from './cards';
import { dropUnwantedKey, keyWanted } from './keys';
import { refuseCard } from './refusals';
import { findCardByCustomerUid, findUserCardByCustomerUid, keepIssuedKey } from './repository';

/**
 * Stores a card registered in V2's window once the service's own record says so: the customer_uid
 * is one this server minted for this user on V2 and not yet used, and the billing key the browser
 * names is one the service issued (readable with our secret, so this store's) for that very
 * customer id. The browser's word decides nothing; a key that is not this card's is never touched.
 * V2 issues keys without a payment, so there is no amount to refund. Answers the card's id.
 */
export async function completeWindowRegistrationV2(
  user: User,
  customerUid: string,
  billingKey: string,
): Promise<string> {
  const card = await findUserCardByCustomerUid(user.id, customerUid);
  if (card?.registeredVia !== 'window' || card.api !== 'v2') throw refuseCard('foreign_customer_uid');
  if (card.status === 'active') throw refuseCard('replayed');

  let key: BillingKey;
  try {
    key = await providerFor('v2').readKey(billingKey);
  } catch (error) {
    if (error instanceof ProviderNotFoundError) throw refuseCard('not_issued');
    throw error;
  }
  if (key.customerId !== customerUid) throw refuseCard('issuance_mismatch');

  if (card.status === 'removed') {
    // The window completed for a card no longer wanted: its key is not kept.
    await dropUnwantedKey({ ...card, billingKey: key.key });
    throw refuseCard('replayed');
  }
  if (!(await activateCard(card, providerKeyRecord(key)))) {
    const now = await findCardByCustomerUid(customerUid);
    if (now && now.billingKey !== key.key && !(await keyWanted(now)))
      await dropUnwantedKey({ ...now, billingKey: key.key });
    throw refuseCard('replayed');
  }
  return card.id;
}

/**
 * V2's `BillingKey.Issued` notice. The key is re-read; the card is the one its customer id (our
 * customer_uid) names. The key is kept on that card's row, so that removal, 회원탈퇴 and
 * reconciliation can delete it even when the browser never reports it (gone, or its account
 * withdrawn meanwhile). A key issued for a card no longer wanted is deleted at once, as V1's
 * registration notice does (settleRegistrationPayment). A wanted card is left to its registration.
 */
export async function settleIssuedKeyV2(billingKey: string): Promise<string> {
  let key: BillingKey;
  try {
    key = await providerFor('v2').readKey(billingKey);
  } catch (error) {
    if (error instanceof ProviderNotFoundError) return 'ignored: the key is deleted';
    throw error;
  }
  const card = key.customerId ? await findCardByCustomerUid(key.customerId) : undefined;
  if (card?.api !== 'v2') return 'ignored: billing key';
  await keepIssuedKey(card.id, key.key);
  if (await keyWanted(card)) return 'ignored: billing key';
  await dropUnwantedKey({ ...card, billingKey: key.key });
  return 'key deleted: the card is removed or its account withdrawn';
}
