import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { priceChangeRequests } from '@/lib/db/schema';
import { iamport } from '@/lib/iamport';
import { subscriptionEnded } from '@/lib/mail/notices';
import { enqueueMail } from '@/lib/mail/outbox';
import { stopping } from './lifecycle';
import { type PlanPrice, priceAt } from './prices';
import { type Subscription, type SubscriptionCharge, updateCharge, updateSubscription } from './repository';

/** Asks a subscriber once for consent to a new price (one request per subscription and price). */
export async function askConsent(subscription: Subscription, price: PlanPrice, now: number) {
  const db = await getDb();
  await db
    .insert(priceChangeRequests)
    .values({
      subscriptionId: subscription.id,
      planPriceId: price.id,
      oldAmount: subscription.amount,
      newAmount: price.amount,
      effectiveFrom: price.effectiveFrom,
      requestedAt: now,
    })
    .onConflictDoNothing();
}

/**
 * The price gate every booking passes (lib/subscriptions/booking.ts): a charge due when another
 * price applies is booked at that price only with the subscriber's consent to it; without, it is
 * not booked (`revoked`) and the subscription ends with its paid period — for that reason
 * (`price_declined`), which its page, the console and its mail say. Answers the charge to book
 * (its amount the consented price), or undefined when withheld.
 */
export async function priceGate(
  charge: SubscriptionCharge,
  subscription: Subscription,
): Promise<SubscriptionCharge | undefined> {
  const price = await priceAt(subscription.planId, charge.scheduleAt ?? 0);
  if (!price || price.amount === charge.amount || charge.kind === 'first') return charge;
  const db = await getDb();
  const request = await db.query.priceChangeRequests.findFirst({
    where: and(eq(priceChangeRequests.subscriptionId, subscription.id), eq(priceChangeRequests.planPriceId, price.id)),
  });
  if (request?.status === 'accepted') {
    await updateSubscription(subscription.id, { amount: price.amount });
    return updateCharge(charge.id, ['to_book'], { amount: price.amount });
  }
  if (!request) await askConsent(subscription, price, await iamport().serviceNow());
  await updateCharge(charge.id, ['to_book'], {
    status: 'revoked',
    failReason: '바뀐 가격에 동의하지 않아 결제하지 않았습니다.',
  });
  const ending = await updateSubscription(subscription.id, stopping('price_declined'));
  if (ending?.currentPeriodEnd) {
    await enqueueMail(db, subscriptionEnded(ending, ending.currentPeriodEnd), { replan: true });
  }
  await db
    .update(priceChangeRequests)
    .set({ withheld: true })
    .where(and(eq(priceChangeRequests.subscriptionId, subscription.id), eq(priceChangeRequests.planPriceId, price.id)));
  return undefined;
}
