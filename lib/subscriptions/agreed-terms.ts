import 'server-only';
import { type ConsentClient, recordConsent } from '@/lib/consents/log';
import type { Db } from '@/lib/db/client';
import type { Subscription } from './repository';

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
