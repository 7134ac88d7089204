import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { cards, subscriptions } from '@/lib/db/schema';
import type { MailRow } from './outbox';

/**
 * Whether a mail planned ahead is still true when it falls due: a reminder of a renewal the
 * customer cancelled since, or a trial notice for a trial cancelled, is skipped, never sent.
 * Mails about something that happened (a receipt, a failure, a refund) are always sent.
 */
export async function stillWanted(db: Db, row: MailRow): Promise<boolean> {
  if (row.kind === 'card_expiring') return chargesLiveSubscription(db, String(row.payload.cardId));
  if (row.kind !== 'renewal_reminder' && row.kind !== 'trial_ending' && row.kind !== 'subscription_ended') return true;
  const subscription = await db.query.subscriptions.findFirst({
    where: eq(subscriptions.id, String(row.payload.subscriptionId)),
  });
  if (!subscription) return false;
  const at = Number(row.occasion);
  switch (row.kind) {
    case 'renewal_reminder':
      return (
        subscription.status === 'active' && !subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd === at
      );
    case 'trial_ending':
      return subscription.status === 'active' && !subscription.cancelAtPeriodEnd && subscription.trialEndsAt === at;
    case 'subscription_ended':
      // Planned at a cancellation for the period's end: void once the customer resumed.
      return subscription.status === 'cancelled' || subscription.cancelAtPeriodEnd;
  }
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
