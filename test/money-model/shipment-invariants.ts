// I9 for the boxes of goods subscriptions (issue 32.8, 33.1), checked at the end of a run against the
// database: every paid period of a goods plan is exactly one box, and a free trial of goods one box
// of its own; no box for a period that was not paid; a box is held back only when an operator
// refunded its whole charge before it was sent, and a held-back box never ships.
import { subscriptionCharges, subscriptionShipments } from '@/lib/db/schema';
import { findPlan } from '@/lib/subscriptions';
import type { World } from './world';

export async function shipmentViolations(world: World): Promise<string[]> {
  const db = world.app.db();
  const [subs, charges, boxes] = await Promise.all([
    db.query.subscriptions.findMany(),
    db.select().from(subscriptionCharges),
    db.select().from(subscriptionShipments),
  ]);
  const found: string[] = [];
  for (const sub of subs) {
    const own = boxes.filter((box) => box.subscriptionId === sub.id);
    if (findPlan(sub.planId)?.kind !== 'goods') {
      if (own.length > 0) found.push(`I9 ${sub.planId} ${sub.id}: a service plan with ${own.length} boxes`);
      continue;
    }
    const trialBoxes = own.filter((box) => box.kind === 'trial');
    const trialled = sub.trialEndsAt !== null;
    if (trialBoxes.length !== (trialled ? 1 : 0) || trialBoxes.some((box) => box.chargeId !== null))
      found.push(`I9 ${sub.id}: ${trialBoxes.length} trial boxes for ${trialled ? 'a' : 'no'} trial`);
    if (trialBoxes.some((box) => box.fulfilment === 'cancelled')) found.push(`I9 ${sub.id}: a trial box held back`);
    for (const charge of charges.filter((c) => c.subscriptionId === sub.id)) {
      const mine = own.filter((box) => box.chargeId === charge.id);
      if (charge.status === 'paid' && (mine.length !== 1 || mine[0]?.fulfilment === 'cancelled'))
        found.push(
          `I9 ${charge.merchantUid}: a paid period with ${mine.length} boxes (${mine.map((b) => b.fulfilment)})`,
        );
      if (charge.status !== 'paid' && charge.status !== 'refunded' && mine.length > 0)
        found.push(`I9 ${charge.merchantUid}: a box for a charge ${charge.status}`);
      // Refunded in full: its box was held back unless it was already on its way.
      for (const box of mine.filter(() => charge.status === 'refunded'))
        if (box.fulfilment !== 'cancelled' && box.shippedAt === null)
          found.push(`I9 ${box.number}: its charge refunded in full, yet it still waits to ship`);
    }
    for (const box of own) {
      const charge = charges.find((c) => c.id === box.chargeId);
      if (box.fulfilment === 'cancelled' && charge?.status !== 'refunded')
        found.push(`I9 ${box.number}: held back though its charge is ${charge?.status ?? 'none'}`);
      if (box.fulfilment === 'cancelled' && box.shippedAt !== null)
        found.push(`I9 ${box.number}: held back yet shipped`);
    }
  }
  return found;
}
