import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { User } from '@/lib/accounts';
import type { Card } from '@/lib/cards';
import { getDb, trialUses, violatedUniqueConstraint } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { enqueueMail, subscriptionEnded, trialEnding, trialStarted } from '@/lib/mail';
import type { ShippingDetails } from '@/lib/values/client';
import { stopping } from './lifecycle';
import { type AgreedTerms, logAgreedTerms, newSubscription } from './new-subscription';
import type { PlanDefinition } from './plans';
import { refuseSubscription } from './refusals';
import { findSubscriptionByKey, insertSubscription, type Subscription } from './repository';
import { shipTrialBox } from './shipments';

const DAY = 86_400;

/** Whether subscribing to `plan` now starts its free trial: the plan has one, and this person never had it. */
export async function trialAvailable(user: User, plan: PlanDefinition): Promise<boolean> {
  if (!plan.trialDays) return false;
  const db = await getDb();
  const used = await db.query.trialUses.findFirst({
    where: and(eq(trialUses.uniqueKeyHash, user.uniqueKeyHash), eq(trialUses.planId, plan.id)),
  });
  return !used;
}

/** Thrown inside the transaction to undo it: the person's trial of this plan was taken meanwhile. */
class TrialTaken extends Error {}

/**
 * Starts a free trial: nothing is charged now and nothing is booked. The subscription is active until
 * the trial's end (service clock) and set to end then (`trial_not_converted`): it turns paid only when
 * the customer agrees to the conversion inside the 30 days before it (trial-conversion.ts) — only then
 * is the first charge booked at the service, so nothing can be charged without consent even when this
 * app is down at the trial's end. A goods plan's trial is a box shipped free (its first shipment). The
 * trial's mails — begun now, the notice 7 days before (the card rules), the ending — are written in the
 * same transaction. Undefined when the person (identity hash, which outlives the account) has had this
 * plan's trial: the caller charges at once instead.
 */
export async function startTrial(
  user: User,
  plan: PlanDefinition,
  card: Card,
  idempotencyKey: string,
  terms: { amount: number; consent: AgreedTerms; shipping: ShippingDetails | null },
): Promise<{ subscription: Subscription; created: boolean } | undefined> {
  if (!(await trialAvailable(user, plan))) return undefined;
  const db = await getDb();
  const now = await iamport().serviceNow({ fresh: true });
  const trialEndsAt = now + (plan.trialDays ?? 0) * DAY;
  let subscription: Subscription | undefined;
  try {
    subscription = await db.transaction(async (tx) => {
      const inserted = await insertSubscription(
        {
          ...newSubscription(user, plan, card, { amount: terms.amount, idempotencyKey, shipping: terms.shipping }),
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: trialEndsAt,
          trialEndsAt,
          billingAnchor: trialEndsAt,
          ...stopping('trial_not_converted'),
        },
        tx,
      );
      if (!inserted) return undefined;
      const [taken] = await tx
        .insert(trialUses)
        .values({ uniqueKeyHash: user.uniqueKeyHash, planId: plan.id, subscriptionId: inserted.id })
        .onConflictDoNothing()
        .returning();
      if (!taken) throw new TrialTaken();
      await logAgreedTerms(tx, inserted, terms.consent, now);
      // A trial of goods ships a box of its own (0 won); the customer hears of both at once.
      const box = await shipTrialBox(tx, inserted);
      await enqueueMail(tx, trialStarted(inserted, plan.periodLabel, box, now));
      const notice = trialEnding(inserted, now);
      if (notice) await enqueueMail(tx, notice);
      await enqueueMail(tx, subscriptionEnded(inserted, trialEndsAt));
      return inserted;
    });
  } catch (error) {
    if (error instanceof TrialTaken) return undefined;
    if (violatedUniqueConstraint(error) !== 'subscriptions_one_live_per_plan') throw error;
    // A double tap's twin made the live one under this key: the subscribe path answers with it.
    if (await findSubscriptionByKey(user.id, idempotencyKey)) return undefined;
    throw refuseSubscription('already_subscribed');
  }
  // A repeated request (same idempotency key): the subscribe path answers with what exists.
  if (!subscription) return undefined;
  return { subscription, created: true };
}
