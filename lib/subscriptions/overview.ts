import { failureWords } from '@/lib/payments/client';
import 'server-only';
import { and, desc, inArray } from 'drizzle-orm';
import { type Card, cardLabel, listUserCards, meansLine } from '@/lib/cards';
import { getDb, priceChangeRequests } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import type { SubscriptionSummary } from '@/lib/subscriptions/subscription-view';
import { windowOpensAt } from './consent-window';
import { hasAccess, OPEN_CHARGE_STATUSES } from './lifecycle';
import { findPlan } from './plans';
import { changeDateOf } from './prices';
import { chargesOf, listUserSubscriptions, type Subscription, type SubscriptionCharge } from './repository';
import { boxesOf, toShipmentSummary } from './shipments';
import { settleIncomplete } from './subscribe';
import { trialSummaryOf } from './trial-conversion';

const isOpen = (charge: SubscriptionCharge) => (OPEN_CHARGE_STATUSES as readonly string[]).includes(charge.status);

/** The customer's subscriptions with their history, as the account page shows them (service clock). */
export async function subscriptionOverview(userId: string): Promise<SubscriptionSummary[]> {
  const list = await Promise.all((await listUserSubscriptions(userId)).map((s) => settleIncomplete(s)));
  if (list.length === 0) return [];
  // Whether a cancelled period has run out is decided at its edge: the service's clock, read now.
  const now = await iamport().serviceNow({ fresh: list.some((s) => s.cancelAtPeriodEnd || s.trialEndsAt !== null) });
  const cards = await listUserCards(userId);
  const boxes = await boxesOf(list.map((subscription) => subscription.id));
  const asks = await priceAsksOf(list, now);
  return Promise.all(
    list.map(async (subscription) => {
      const card = cards.find((candidate) => candidate.id === subscription.cardId);
      const priceAsk = asks.get(subscription.id);
      return {
        ...summarise(subscription, await chargesOf(subscription.id), card, now),
        number: subscription.number,
        shipments: boxes.filter((box) => box.subscriptionId === subscription.id).map(toShipmentSummary),
        ...(priceAsk && { priceAsk }),
      };
    }),
  );
}

/**
 * For each subscription set to end for want of a yes to a higher price, where the ask stands (the
 * newest price it was asked about and has not said yes to): its page says "동의하지 않으셔서" only
 * once the customer said no.
 */
async function priceAsksOf(list: Subscription[], now: number) {
  const asks = new Map<string, NonNullable<SubscriptionSummary['priceAsk']>>();
  const stopped = list.filter((s) => s.cancelAtPeriodEnd && s.endReason === 'price_declined');
  if (stopped.length === 0) return asks;
  const db = await getDb();
  const requests = await db.query.priceChangeRequests.findMany({
    where: and(
      inArray(
        priceChangeRequests.subscriptionId,
        stopped.map((s) => s.id),
      ),
      inArray(priceChangeRequests.status, ['requested', 'declined']),
    ),
    orderBy: [desc(priceChangeRequests.effectiveFrom)],
  });
  for (const subscription of stopped) {
    const request = requests.find((r) => r.subscriptionId === subscription.id);
    if (!request) continue;
    const asksFrom = windowOpensAt(changeDateOf(subscription, request.effectiveFrom));
    asks.set(subscription.id, {
      status: request.status === 'declined' ? 'declined' : 'requested',
      askOpen: now >= asksFrom,
      asksFrom,
    });
  }
  return asks;
}

function summarise(
  subscription: Subscription,
  charges: SubscriptionCharge[],
  cardRow: Card | undefined,
  now: number,
): SubscriptionSummary {
  const card = cardRow ? cardLabel(cardRow) : '카드';
  const open = charges.find(isOpen);
  // A cancelled subscription whose paid period has run out has ended (reconciliation records it).
  const ended = subscription.status === 'active' && !hasAccess(subscription, now);
  const status = ended ? 'cancelled' : subscription.status;
  return {
    id: subscription.id,
    planId: subscription.planId,
    planName: subscription.planName,
    amount: subscription.amount,
    status,
    // In dunning the customer keeps access (grace) until the last retry fails.
    hasAccess: hasAccess(subscription, now),
    cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
    currentPeriodStart: subscription.currentPeriodStart,
    currentPeriodEnd: subscription.currentPeriodEnd,
    nextCharge:
      open?.scheduleAt != null && open.kind !== 'first'
        ? { at: open.scheduleAt, amount: open.amount, kind: open.kind, attempt: open.attempt }
        : null,
    card: { id: subscription.cardId, label: card },
    endReason: ended ? (subscription.endReason ?? 'customer') : subscription.endReason,
    endedAt: ended ? subscription.currentPeriodEnd : subscription.endedAt,
    trialEndsAt: subscription.trialEndsAt,
    trial: trialSummaryOf(subscription, meansLine(cardRow), now),
    planKind: findPlan(subscription.planId)?.kind ?? 'service',
    shipping: subscription.shipping,
    charges: charges
      .filter((charge) => charge.status !== 'revoked')
      .map((charge) => ({
        merchantUid: charge.merchantUid,
        kind: charge.kind,
        attempt: charge.attempt,
        status: charge.status,
        amount: charge.amount,
        scheduleAt: charge.scheduleAt,
        settledAt: charge.settledAt,
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
        failReason: charge.status === 'failed' ? failureWords(charge.failReason) : charge.failReason,
        receiptUrl: charge.receiptUrl,
        refundedAmount: charge.status === 'refunded' ? charge.amount : charge.refundedAmount,
      })),
  };
}
