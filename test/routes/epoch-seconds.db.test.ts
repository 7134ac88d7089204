// Times on the service's clock (UNIX seconds) past January 2038, when a 32-bit integer column
// overflows: a purchase and a subscription that renews, with the service's clock in 2040, keep
// their times exactly, on both engines.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders, subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { setupAppTest } from '@/test/app-harness';
import { Shopper } from '@/test/kits/orders';
import { Subscriber } from '@/test/kits/subscriptions';

const INT4_MAX = 2 ** 31 - 1;
const START = new Date('2040-03-01T03:00:00Z');
const app = setupAppTest({ clock: { start: START, frozen: true }, bridge: true });

describe('service-clock times past 2038', () => {
  it('a one-click purchase in 2040 stores the payment time exactly', async () => {
    const shopper = await Shopper.withCard();
    const order = await shopper.buyNow();
    expect(order.status).toBe('paid');
    const [payment] = (await app.emulator().payments()).filter((p) => p.merchant_uid === order.merchantUid);
    expect(payment?.paid_at).toBeGreaterThan(INT4_MAX);
    const [row] = await app.db().select().from(orders).where(eq(orders.merchantUid, order.merchantUid));
    expect(row?.paidAt).toBe(payment?.paid_at);
  });

  it('a subscription in 2040 renews: its periods, booking and charges keep their times', async () => {
    const subscriber = await Subscriber.withCard();
    const first = await subscriber.subscribe('hourly-demo');
    const start = START.getTime() / 1000;
    expect(first.currentPeriodStart).toBe(start);
    expect(first.currentPeriodEnd).toBe(start + 3600);
    await app.emulator().advanceClock(3600);
    const renewed = await subscriber.get(first.id);
    expect(renewed).toMatchObject({ currentPeriodStart: start + 3600, currentPeriodEnd: start + 7200 });
    const [row] = await app.db().select().from(subscriptions).where(eq(subscriptions.id, first.id));
    expect(row).toMatchObject({ currentPeriodStart: start + 3600, currentPeriodEnd: start + 7200 });
    const charges = await app
      .db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, first.id));
    const renewal = charges.find((c) => c.kind === 'renewal' && c.status === 'paid');
    expect(renewal).toMatchObject({ periodStart: start + 3600, periodEnd: start + 7200, scheduleAt: start + 3600 });
    expect(renewal?.settledAt).toBeGreaterThanOrEqual(start + 3600);
    expect(charges.find((c) => c.status === 'scheduled')?.scheduleAt).toBe(start + 7200);
  });
});
