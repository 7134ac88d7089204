import 'server-only';
import type { User } from '@/lib/accounts';
import type { KeyInFields } from '@/lib/cards/card-input';
import { expiryToService } from '@/lib/cards/card-input';
import { type CardConsent, logCardConsent } from '@/lib/consents';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { serviceUnavailable } from '@/lib/http';
import { IamportError, iamport } from '@/lib/iamport';
import { log } from '@/lib/log';
import { cardExpiring, enqueueMail } from '@/lib/mail';
import { buyerOf } from '@/lib/payments';
import { type KeyRegistration, ProviderError, providerFor } from '@/lib/provider';
import { activateCard, providerKeyRecord, v1KeyRecord } from './cards';
import { cardLabel } from './chargeable';
import { dropUnwantedKey } from './keys';
import { cardRefused, refuseCard } from './refusals';
import { type Card, forgetPendingCard, type KeyRecord, markRemoved, mintPendingCard } from './repository';

/**
 * Key-in registration: the card data goes straight to the service (V1 `POST
 * /subscribe/customers/{customer_uid}`, V2 `POST /billing-keys`) under a customer_uid minted for
 * this user, and is dropped with the request — never stored, logged or sent back. Only the service's masked number and card name are kept. The customer's
 * consent to keep the card is logged before the card data leaves. Answers the card's id.
 */
export async function registerCardByKeyIn(user: User, fields: KeyInFields, consent: CardConsent): Promise<string> {
  const api = env.PORTONE_API;
  const card = await mintPendingCard(user.id, 'key_in', api);
  await logCardConsent(user.id, card.id, consent);
  const key = api === 'v1' ? await issueOnV1(user, card, fields) : await issueOnV2(user, card, fields);
  if (!(await activateCard(card, key))) {
    // 회원탈퇴 while the card data was on its way: the key just issued is not kept.
    await dropUnwantedKey({ ...card, billingKey: key.billingKey ?? card.billingKey });
    throw refuseCard('replayed');
  }
  const label = cardLabel({ cardName: key.cardName, cardNumberMasked: key.cardNumber });
  // The expiry is known only here (the service's billing-key record has none): the notice before
  // it runs out is planned now and sent only if a subscription still charges this card then.
  const notice = cardExpiring({ id: card.id, userId: user.id, label }, expiryToService(fields.expiry) ?? '');
  // The card is registered either way: a notice that cannot be planned is logged, not a failure.
  if (notice) {
    await enqueueMail(await getDb(), notice).catch((error: unknown) => {
      log.error({ cardId: card.id, err: error }, 'expiry notice not planned');
    });
  }
  return card.id;
}

/** V1: the key is issued under our customer_uid (POST /subscribe/customers/{customer_uid}). */
async function issueOnV1(user: User, card: Card, fields: KeyInFields): Promise<KeyRecord> {
  const client = iamport();
  let result: Awaited<ReturnType<typeof client.billingKeys.register>>;
  try {
    result = await client.billingKeys.register({
      customer_uid: card.customerUid,
      card_number: fields.cardNumber,
      expiry: expiryToService(fields.expiry) ?? '',
      birth: fields.birth,
      pwd_2digit: fields.pwd2digit,
      customer_name: buyerOf(user).buyer_name,
      customer_email: buyerOf(user).buyer_email,
    });
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    // The answer may have been lost after the key was issued: delete it so no card is left behind
    // that the customer cannot see. The customer_uid is never used again either way.
    await client.billingKeys.delete({ customer_uid: card.customerUid }).catch(() => undefined);
    await markRemoved(card.id);
    throw serviceUnavailable();
  }
  if (result.outcome === 'refused') {
    await forgetPendingCard(card.id);
    throw cardRefused(result.message);
  }
  return v1KeyRecord(result.billingKey);
}

/**
 * V2: the service issues a key of its own (POST /billing-keys) for our customer_uid as the
 * customer's id. A lost answer leaves no key we could name to delete: the card is marked removed,
 * and reconciliation's sweep of unwanted keys finds the key, if any, by that customer id.
 */
async function issueOnV2(user: User, card: Card, fields: KeyInFields): Promise<KeyRecord> {
  let result: KeyRegistration;
  try {
    result = await providerFor('v2').registerCard({
      reference: card.customerUid,
      card: {
        number: fields.cardNumber,
        expiry: expiryToService(fields.expiry) ?? '',
        birth: fields.birth,
        pwd2digit: fields.pwd2digit,
      },
      buyer: { name: user.name, email: user.email },
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await markRemoved(card.id);
    throw serviceUnavailable();
  }
  if (result.outcome === 'refused') {
    await forgetPendingCard(card.id);
    throw cardRefused(result.message);
  }
  return providerKeyRecord(result.key);
}
