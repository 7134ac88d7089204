import 'server-only';
import type { User } from '@/lib/accounts';
import type { RegistrationAnswer, WindowRegistration } from '@/lib/cards/card-view';
import { type CardConsent, logCardConsent } from '@/lib/consents';
import { env } from '@/lib/env';
import { IamportApiError, IamportNotFoundError, iamport, type Payment } from '@/lib/iamport';
import { buyerOf, refundInFull } from '@/lib/payments';
import { isWallet, type KeyMethod, PAY_METHOD_NAMES, type Settlement, settlement } from '@/lib/payments/client';
import { apiOfRecord, v2Window } from '@/lib/provider';
import { activateCard, v1KeyRecord } from './cards';
import { dropUnwantedKey, keyWanted } from './keys';
import { refuseCard } from './refusals';
import { findCardByCustomerUid, findUserCardByCustomerUid, markRemoved, mintPendingCard } from './repository';

/** The wallet V2's easy-pay channel is (the emulator's default store, and the shop's documented setup). */
const V2_WALLET: KeyMethod = 'kakaopay';

/** The window's title (its 상품명): what is being registered. */
const windowTitle = (method: KeyMethod) => (isWallet(method) ? `${PAY_METHOD_NAMES[method]} 등록` : '카드 등록');

/**
 * Starts a registration through the payment window — of a card, or of a wallet (간편결제: the
 * wallet is the window's `pg`) — under a fresh customer_uid bound to this user. What the key pays
 * with is read back from the service's key record when it completes, never taken from here. The
 * issuance's merchant_uid is the customer_uid itself, so the service's record names the card it
 * is for, and the m_redirect_url return (which carries merchant_uid) leads back to it. Its amount
 * is pinned at 0 at the service, so a window asking for money is refused before it opens. The
 * customer's consent to keep the card is logged first.
 */
export async function startWindowRegistration(
  user: User,
  consent: CardConsent,
  method: KeyMethod = 'card',
): Promise<RegistrationAnswer> {
  const api = env.PORTONE_API;
  // V2's one wallet channel (PORTONE_EASY_PAY_CHANNEL_KEY) is KakaoPay's; other wallets stay V1's.
  if (api === 'v2' && isWallet(method) && method !== V2_WALLET) throw refuseCard('method_unavailable');
  const card = await mintPendingCard(user.id, 'window', api);
  await logCardConsent(user.id, card.id, consent);
  const buyer = buyerOf(user);
  const registration: WindowRegistration = {
    customerUid: card.customerUid,
    merchantUid: card.customerUid,
    method,
    pg: isWallet(method) ? method : env.IMP_PG,
    name: windowTitle(method),
    buyerName: buyer.buyer_name,
    buyerEmail: buyer.buyer_email,
  };
  if (api === 'v1') {
    await pinNothing(card.customerUid);
    return { ...registration, api };
  }
  // V2 issues a key without a payment (nothing to pin); the key's customer id is our customer_uid.
  const wallet = isWallet(method);
  return {
    ...registration,
    ...v2Window(),
    channelKey: wallet ? env.PORTONE_EASY_PAY_CHANNEL_KEY : env.PORTONE_CHANNEL_KEY,
    billingKeyMethod: wallet ? 'EASY_PAY' : 'CARD',
    issueId: card.customerUid,
    customer: { customerId: card.customerUid },
  };
}

async function pinNothing(merchantUid: string): Promise<void> {
  try {
    await iamport().payments.prepare({ merchant_uid: merchantUid, amount: 0 });
  } catch (error) {
    // A service that will not pin 0 refuses it (and verification still refunds any amount); one
    // that cannot be reached cannot be trusted to pin anything: no window then.
    if (error instanceof IamportApiError) return;
    throw error;
  }
}

/**
 * Stores the card once the service's own records say so: the customer_uid is one this server
 * minted for this user and not yet used; the window's payment (imp_uid) is an issuance under that
 * customer_uid and merchant_uid (readable with our credentials, so this merchant's) that charged
 * nothing; and a billing key exists under it. The browser's word decides nothing. Money taken by
 * the window is refunded in full and the card is not stored. Answers the card's id.
 */
export async function completeWindowRegistration(user: User, customerUid: string, impUid: string): Promise<string> {
  const card = await findUserCardByCustomerUid(user.id, customerUid);
  if (card?.registeredVia !== 'window' || card.api !== 'v1') throw refuseCard('foreign_customer_uid');
  if (card.status === 'removed') {
    // The window completed for a card no longer wanted: its key is not kept.
    await dropUnwantedKey(card);
    throw refuseCard('replayed');
  }
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
    if (payment.amount !== 0) {
      await refundRegistration(payment);
      await client.billingKeys.delete({ customer_uid: customerUid }).catch(() => undefined);
      await markRemoved(card.id);
      throw refuseCard('unexpected_amount');
    }
    const billingKey = await client.billingKeys.get({ customer_uid: customerUid });
    if (!(await activateCard(card, v1KeyRecord(billingKey)))) {
      const now = await findCardByCustomerUid(customerUid);
      if (now && !(await keyWanted(now))) await dropUnwantedKey(now);
      throw refuseCard('replayed');
    }
    return card.id;
  } catch (error) {
    if (error instanceof IamportNotFoundError) throw refuseCard('not_issued');
    throw error;
  }
}

// On the payment's own API: a V2 window can be paid under a registration's id as well.
const refundRegistration = (payment: Payment) =>
  refundInFull(
    payment.imp_uid,
    payment.amount - payment.cancel_amount,
    '카드 등록 중 결제된 금액',
    apiOfRecord(payment),
  );

/**
 * The webhook's handler for payments under a card registration's merchant_uid (`cus_…`): a card
 * registration charges nothing, so any money paid there is refunded in full; and a registration
 * that settled for a card no longer wanted (removed, or its account withdrawn: a window left open
 * through 회원탈퇴) has its key deleted at the service.
 */
export async function settleRegistrationPayment(payment: Payment): Promise<Settlement> {
  const notes: string[] = [];
  const took = payment.status === 'paid' && payment.amount - payment.cancel_amount > 0;
  if (took) {
    await refundRegistration(payment);
    notes.push('refunded: a card registration took money');
  }
  const card = await findCardByCustomerUid(payment.customer_uid ?? payment.merchant_uid);
  if (payment.status === 'paid' && card && !(await keyWanted(card))) {
    await dropUnwantedKey(card);
    notes.push('key deleted: the card is removed or its account withdrawn');
  }
  if (notes.length === 0) return settlement('ignored', 'ignored: card registration');
  return settlement(took ? 'refunded' : 'applied', notes.join('; '));
}
