import 'server-only';
import type { User } from '@/lib/accounts/users';
import { env } from '@/lib/env';
import { IamportError, IamportNotFoundError, iamport } from '@/lib/iamport';
import type { WindowRegistration } from '@/lib/shared/cards';
import { activateCard, findUserCardByCustomerUid, mintPendingCard } from './cards';
import { refuseCard } from './refusals';

const WINDOW_TITLE = '카드 등록';

/**
 * Starts a registration through the payment window: a fresh customer_uid bound to this user. The
 * issuance's merchant_uid is the customer_uid itself, so the service's record names the card it
 * is for, and the m_redirect_url return (which carries merchant_uid) leads back to it.
 */
export async function startWindowRegistration(user: User): Promise<WindowRegistration> {
  const card = await mintPendingCard(user.id, 'window');
  return {
    customerUid: card.customerUid,
    merchantUid: card.customerUid,
    pg: env.IMP_PG,
    name: WINDOW_TITLE,
    buyerName: user.name.slice(0, 16),
    buyerEmail: user.email,
  };
}

/**
 * Stores the card once the service's own records say so: the customer_uid is one this server
 * minted for this user and not yet used; the window's payment (imp_uid) is an issuance under that
 * customer_uid and merchant_uid (readable with our credentials, so this merchant's); and a
 * billing key exists under it. The browser's word decides nothing. Answers the card's id.
 */
export async function completeWindowRegistration(user: User, customerUid: string, impUid: string): Promise<string> {
  const card = await findUserCardByCustomerUid(user.id, customerUid);
  if (card?.registeredVia !== 'window') throw refuseCard('foreign_customer_uid');
  if (card.status !== 'pending') throw refuseCard('replayed');

  const client = iamport();
  try {
    const payment = await client.payments.get({ imp_uid: impUid });
    const isThisIssuance =
      payment.customer_uid === customerUid &&
      payment.merchant_uid === customerUid &&
      payment.customer_uid_usage === 'issue' &&
      payment.status === 'paid';
    if (!isThisIssuance) throw refuseCard('issuance_mismatch');
    const billingKey = await client.billingKeys.get({ customer_uid: customerUid });
    if (!(await activateCard(card, billingKey))) throw refuseCard('replayed');
    return card.id;
  } catch (error) {
    if (error instanceof IamportNotFoundError) throw refuseCard('not_issued');
    if (error instanceof IamportError) throw refuseCard('service_unavailable');
    throw error;
  }
}
