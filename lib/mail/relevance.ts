import 'server-only';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/db/client';
import { subscriptions } from '@/lib/db/schema';
import type { MailRow } from './outbox';

/**
 * Whether a mail planned ahead is still true when it falls due: a reminder of a renewal the
 * customer cancelled since, or a trial notice for a trial cancelled, is skipped, never sent.
 * Mails about something that happened (a receipt, a failure, a refund) are always sent.
 */
export async function stillWanted(db: Db, row: MailRow): Promise<boolean> {
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
