// Issue 23.7: a subscription that ends because its subscriber did not accept a price change has
// its own end reason — not the customer's cancellation — and the customer's page, the console and
// the mail say why it ended.
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { subscriptions } from '@/lib/db/schema';
import { subscriptionDetailForOps } from '@/lib/ops/subscriptions/read';
import { setPlanPrice } from '@/lib/subscriptions/price-changes';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { caughtTo, drainMail, setupMailCatcher } from '@/test/kits/mail';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
const catcher = setupMailCatcher();

it('ends with reason price_declined, and the page, the console and the mail say so', async () => {
  const subscriber = await Subscriber.withCard();
  const subscription = await subscriber.subscribe('monthly-beans');
  const end = subscription.currentPeriodEnd ?? 0;
  await setPlanPrice('monthly-beans', 24_900, (await app.emulator().now()) + 30 * DAY + HOUR);
  await app.emulator().advanceClock(end + 60 - (await app.emulator().now()));
  await reconcileSubscriptions();

  expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', endReason: 'price_declined' });
  const [row] = await app.db().select().from(subscriptions).where(eq(subscriptions.id, subscription.id));
  expect(row?.endReason).toBe('price_declined');
  expect((await subscriptionDetailForOps(subscription.id)).subscription.endReason).toBe('price_declined');

  await drainMail(await app.emulator().now());
  const ended = caughtTo(catcher(), subscriber.user.email).filter((mail) => mail.subject.includes('구독 종료'));
  expect(ended).toHaveLength(1);
  expect(ended[0]?.text).toContain('바뀐 가격에 동의하지 않으셔서');
});
