import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { cards, priceChangeRequests, subscriptions } from '@/lib/db';
import type { MailRow } from './outbox';

type Subscription = typeof subscriptions.$inferSelect;

/**
 * Which of a claimed batch's mails are still true now that they are due (one query for the whole
 * batch, read at send time): a reminder of a renewal the customer cancelled since, or a trial
 * notice for a trial cancelled, already turned paid or already over (`now`, the service's clock),
 * is skipped, never sent, as is a price change's ask the subscriber already answered. Mails about
 * something that happened (a receipt, a failure, a refund) are always sent.
 */
export async function stillWanted(db: Db, rows: readonly MailRow[], now: number): Promise<Set<string>> {
  const subscriptionIds = rows.filter(aboutSubscription).map((row) => String(row.payload.subscriptionId));
  const found =
    subscriptionIds.length === 0
      ? []
      : await db
          .select()
          .from(subscriptions)
          .where(inArray(subscriptions.id, [...new Set(subscriptionIds)]));
  const byId = new Map(found.map((subscription) => [subscription.id, subscription]));
  const wanted = new Set<string>();
  for (const row of rows) {
    const ok = aboutSubscription(row)
      ? stillTrue(row, byId.get(String(row.payload.subscriptionId)), now)
      : isPriceAsk(row)
        ? await stillAsked(db, String(row.payload.requestId))
        : row.kind !== 'card_expiring' || (await chargesLiveSubscription(db, String(row.payload.cardId)));
    if (ok) wanted.add(row.id);
  }
  return wanted;
}

const aboutSubscription = (row: MailRow) =>
  row.kind === 'renewal_reminder' || row.kind === 'trial_ending' || row.kind === 'subscription_ended';

function stillTrue(row: MailRow, subscription: Subscription | undefined, now: number): boolean {
  if (!subscription) return false;
  const at = Number(row.occasion);
  switch (row.kind) {
    case 'renewal_reminder':
      return (
        subscription.status === 'active' && !subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd === at
      );
    case 'trial_ending':
      // Still in the trial: its period is the current one (a paid first charge moves the period on)
      // and it has not ended yet — a notice the worker reaches late says nothing true any more. It is
      // the ask (no answer yet) or the card rules' notice (agreed); after 체험만 하고 종료 it is not wanted.
      return (
        subscription.status === 'active' &&
        subscription.trialDecision !== 'end' &&
        subscription.trialEndsAt === at &&
        subscription.currentPeriodEnd === at &&
        now < at
      );
    default:
      // An ending planned at a cancellation for the period's end: void once the customer resumed.
      return subscription.status === 'cancelled' || subscription.cancelAtPeriodEnd;
  }
}

const isPriceAsk = (row: MailRow) => row.kind === 'price_change' && row.payload.phase === 'ask';

/** A price change's ask is sent while the subscriber has not answered and the subscription is unfinished. */
async function stillAsked(db: Db, requestId: string): Promise<boolean> {
  const [asked] = await db
    .select({ id: priceChangeRequests.id })
    .from(priceChangeRequests)
    .innerJoin(subscriptions, eq(subscriptions.id, priceChangeRequests.subscriptionId))
    .where(
      and(
        eq(priceChangeRequests.id, requestId),
        eq(priceChangeRequests.status, 'requested'),
        inArray(subscriptions.status, ['active', 'past_due']),
      ),
    )
    .limit(1);
  return asked !== undefined;
}

/** A card expiring matters while it is registered and a live subscription is charged to it. */
async function chargesLiveSubscription(db: Db, cardId: string): Promise<boolean> {
  const [live] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(cards, eq(cards.id, subscriptions.cardId))
    .where(
      and(
        eq(cards.id, cardId),
        eq(cards.status, 'active'),
        inArray(subscriptions.status, ['active', 'past_due']),
        eq(subscriptions.cancelAtPeriodEnd, false),
      ),
    )
    .limit(1);
  return live !== undefined;
}
