import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, priceChangeRequests } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { enqueueMail, enqueueMails, priceChangeNotice, subscriptionEnded } from '@/lib/mail';
import { insideWindow, windowOpensAt } from './consent-window';
import { stopping } from './lifecycle';
import { changeDateOf, type PlanPrice, priceAt } from './prices';
import { type Subscription, type SubscriptionCharge, updateCharge, updateSubscription } from './repository';

/**
 * Asks a subscriber once for consent to a higher price (one request per subscription and price): the
 * request is written now, with a mail saying what changes and when consent will be asked — the ask
 * itself opens 30 days before the subscriber's first charge at the new price (consent-window.ts),
 * when a second mail asks for it.
 */
export async function askConsent(subscription: Subscription, price: PlanPrice, now: number) {
  const db = await getDb();
  const [request] = await db
    .insert(priceChangeRequests)
    .values({
      subscriptionId: subscription.id,
      planPriceId: price.id,
      oldAmount: subscription.amount,
      newAmount: price.amount,
      effectiveFrom: price.effectiveFrom,
      requestedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!request) return;
  const changesAt = changeDateOf(subscription, price.effectiveFrom);
  const asksFrom = windowOpensAt(changesAt);
  const change = {
    requestId: request.id,
    priceId: price.id,
    newAmount: price.amount,
    effectiveFrom: price.effectiveFrom,
    changesAt,
  };
  await enqueueMails(db, [
    priceChangeNotice(subscription, change, 'raised', now, asksFrom),
    priceChangeNotice(subscription, change, 'ask', Math.max(now, asksFrom), asksFrom),
  ]);
}

/**
 * The price gate every booking passes (lib/subscriptions/booking.ts). A charge for a period that
 * starts when another price is in force: a lower price applies by itself (no consent needed); a
 * higher one only with the subscriber's consent given inside the 30 days before that period starts —
 * one given earlier is asked again. The amount a charge carries is not proof of consent: a price the
 * subscriber was asked about and has not said yes to (a no, or a yes taken back) is withheld even
 * when the charge already carries it. Without consent the charge is not booked (`revoked`) and the
 * subscription ends with its paid period, for that reason (`price_declined`), which its page, the
 * console and its mail say. Answers the charge to book (at the price that applies), or undefined
 * when withheld.
 */
export async function priceGate(
  charge: SubscriptionCharge,
  subscription: Subscription,
): Promise<SubscriptionCharge | undefined> {
  const changeAt = charge.periodStart ?? charge.scheduleAt ?? 0;
  const price = await priceAt(subscription.planId, changeAt);
  if (!price || charge.kind === 'first') return charge;
  const db = await getDb();
  const which = requestOf(subscription.id, price.id);
  const request = await db.query.priceChangeRequests.findFirst({ where: which });
  const verdict = priceVerdict(price.amount, charge.amount, subscription.amount, request, changeAt);
  if (verdict === 'as_is') return charge;
  if (verdict === 'apply') return applyPrice(charge, subscription, price.amount);
  if (request?.status === 'accepted') {
    // Given before the window (the date moved since): it does not count, and is asked for again.
    await db
      .update(priceChangeRequests)
      .set({ status: 'requested', acceptedAt: null })
      .where(and(which, eq(priceChangeRequests.status, 'accepted')));
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
  await db.update(priceChangeRequests).set({ withheld: true }).where(which);
  return undefined;
}

/**
 * Whether renewing the subscription for the period from `at` would charge a higher price than the
 * subscriber agreed to without their yes: a 해지 취소 (resume) must not get round the gate.
 */
export async function priceConsentMissing(subscription: Subscription, at: number): Promise<boolean> {
  const price = await priceAt(subscription.planId, at);
  if (!price) return false;
  const db = await getDb();
  const request = await db.query.priceChangeRequests.findFirst({ where: requestOf(subscription.id, price.id) });
  return priceVerdict(price.amount, subscription.amount, subscription.amount, request, at) === 'withhold';
}

type PriceRequest = typeof priceChangeRequests.$inferSelect;

const requestOf = (subscriptionId: string, priceId: string) =>
  and(eq(priceChangeRequests.subscriptionId, subscriptionId), eq(priceChangeRequests.planPriceId, priceId));

/**
 * A charge of `charged` for a period from `changeAt`, when `inForce` is the price then and `agreed` the
 * subscription's amount: a rise over what the subscriber last agreed to — the amount they had when
 * asked about this price, while they have not said yes to it — needs their yes inside its window;
 * anything else applies by itself (`as_is` when the charge carries it already). Else `withhold`.
 */
function priceVerdict(
  inForce: number,
  charged: number,
  agreed: number,
  request: PriceRequest | undefined,
  changeAt: number,
): 'as_is' | 'apply' | 'withhold' {
  const yes = request?.status === 'accepted';
  const agreedTo = request && !yes ? request.oldAmount : agreed;
  if (inForce > agreedTo && !(yes && insideWindow(request?.acceptedAt, changeAt))) return 'withhold';
  return inForce === charged ? 'as_is' : 'apply';
}

async function applyPrice(charge: SubscriptionCharge, subscription: Subscription, amount: number) {
  await updateSubscription(subscription.id, { amount });
  return updateCharge(charge.id, ['to_book'], { amount });
}
