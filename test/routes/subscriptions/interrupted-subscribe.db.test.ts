// A subscribe request that stopped between its two writes (a restart, a dropped database
// connection): the subscription row exists, its first charge does not, so no merchant_uid ever
// reached the service and nothing can have been charged. It must not stay `incomplete` for ever,
// holding the plan's one live place and refusing every later subscribe with already_subscribed.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findChargeableCard } from '@/lib/cards/chargeable';
import { subscriptions } from '@/lib/db/schema';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

/** The row an interrupted subscribe leaves behind, `minutesAgo` old. */
async function interruptedSubscribe(subscriber: Subscriber, minutesAgo: number) {
  const card = await findChargeableCard(subscriber.user.id);
  if (!card) throw new Error('no card');
  const [row] = await app
    .db()
    .insert(subscriptions)
    .values({
      userId: subscriber.user.id,
      planId: 'monthly-beans',
      planName: '월간 원두 정기배송',
      amount: 19_900,
      cardId: card.id,
      idempotencyKey: randomUUID(),
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
    })
    .returning();
  if (!row) throw new Error('not inserted');
  return row;
}

const statusOf = async (id: string) =>
  (await app.db().query.subscriptions.findFirst({ where: eq(subscriptions.id, id) }))?.status;

describe('a subscribe interrupted before its first charge existed', () => {
  it('reconciliation ends it (nothing was charged) and the customer can subscribe again', async () => {
    const subscriber = await Subscriber.withCard();
    const stuck = await interruptedSubscribe(subscriber, 10);
    const refused = await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: randomUUID() });
    expect(refused.status).toBe(409);

    await reconcileSubscriptions();
    expect(await statusOf(stuck.id)).toBe('failed');
    expect(await subscriber.subscribe()).toMatchObject({ status: 'active' });
  });

  it('the same request sent again settles it too', async () => {
    const subscriber = await Subscriber.withCard();
    const stuck = await interruptedSubscribe(subscriber, 10);
    const again = await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: stuck.idempotencyKey });
    expect((await again.json()).result).toMatchObject({ status: 'failed' });
    expect(await statusOf(stuck.id)).toBe('failed');
  });

  it('one still young may be a request under way: left alone', async () => {
    const subscriber = await Subscriber.withCard();
    const young = await interruptedSubscribe(subscriber, 0);
    await reconcileSubscriptions();
    expect(await statusOf(young.id)).toBe('incomplete');
  });
});
