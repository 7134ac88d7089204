import 'server-only';
import type { User } from '@/lib/accounts';
import type { Card } from '@/lib/cards';
import { type ConsentClient, recordConsent } from '@/lib/consents';
import type { Db } from '@/lib/db';
import type { ShippingDetails } from '@/lib/values/client';
import type { PlanDefinition } from './plans';
import type { Subscription } from './repository';

// What a new subscription is made of, whether it starts with a charge or with a free trial: its row
// and the customer's consent to its recurring charges, logged in the transaction that inserts it.

/** A new subscription's row: whose, which plan at which price, on which card, shipped where. */
export const newSubscription = (
  user: Pick<User, 'id'>,
  plan: Pick<PlanDefinition, 'id' | 'name'>,
  card: Pick<Card, 'id'>,
  terms: { amount: number; idempotencyKey: string; shipping: ShippingDetails | null },
) => ({
  userId: user.id,
  planId: plan.id,
  planName: plan.name,
  amount: terms.amount,
  cardId: card.id,
  idempotencyKey: terms.idempotencyKey,
  shipping: terms.shipping,
});

/** The subscription terms the customer agreed to (lib/subscriptions/offer.ts), for the consent log. */
export interface AgreedTerms {
  termsVersion: string;
  textSha256: string;
  cycle: string;
  client?: ConsentClient;
}

/** The consent to a new subscription's recurring charges, logged against it in the transaction that creates it. */
export async function logAgreedTerms(
  tx: Pick<Db, 'insert'>,
  subscription: Subscription,
  terms: AgreedTerms,
  givenAt: number,
) {
  await recordConsent(
    {
      userId: subscription.userId,
      kind: 'subscription',
      termsVersion: terms.termsVersion,
      textSha256: terms.textSha256,
      amount: subscription.amount,
      cycle: terms.cycle,
      subjectId: subscription.id,
      givenAt,
      client: terms.client,
    },
    tx,
  );
}
