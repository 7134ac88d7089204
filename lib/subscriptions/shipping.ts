import 'server-only';
import type { User } from '@/lib/accounts';
import { getDb } from '@/lib/db';
import type { ShippingDetails } from '@/lib/values/client';
import { isLive, LIVE_STATUSES } from './lifecycle';
import { findPlan, type PlanDefinition } from './plans';
import { refuseSubscription } from './refusals';
import { findSubscription, type Subscription, updateSubscription } from './repository';
import { readdressUnpreparedBoxes } from './shipments';

// Where a goods subscription's deliveries go. A goods plan cannot start without it; a service plan
// keeps none (an address sent with one is not stored: nothing is delivered).

/** The address to store on a new subscription of `plan`: required for goods (400), dropped for a service. */
export function shippingForPlan(plan: PlanDefinition, shipping: ShippingDetails | undefined): ShippingDetails | null {
  if (plan.kind !== 'goods') return null;
  if (!shipping) throw refuseSubscription('shipping_required');
  return shipping;
}

/**
 * Changes where the next deliveries go: the customer's own live goods subscription only. A box
 * nobody has started to prepare goes to the new address too; one being prepared or sent keeps its
 * own (the label may be printed).
 */
export async function changeSubscriptionShipping(
  user: User,
  subscriptionId: string,
  shipping: ShippingDetails,
): Promise<Subscription> {
  const subscription = await findSubscription(subscriptionId);
  if (!subscription || subscription.userId !== user.id) throw refuseSubscription('subscription_not_found');
  if (findPlan(subscription.planId)?.kind !== 'goods') throw refuseSubscription('not_goods');
  if (!isLive(subscription)) throw refuseSubscription('shipping_not_changeable');
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const changed = await updateSubscription(subscription.id, { shipping }, LIVE_STATUSES, tx);
    if (changed) await readdressUnpreparedBoxes(tx, subscription.id, shipping);
    return changed;
  });
  if (!updated) throw refuseSubscription('shipping_not_changeable');
  return updated;
}
