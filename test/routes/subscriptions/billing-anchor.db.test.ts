// Issue 33.6: monthly billing keeps its day, as Stripe's billing_cycle_anchor does — a subscription
// started on the 31st renews on the last day of a shorter month and on the 31st again after.
import { expect, it } from 'vitest';
import { Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
const kst = (iso: string) => Date.parse(`${iso}+09:00`) / 1000;

it('started Jan 31: renewed Feb 28, then Mar 31, each charged once', async () => {
  await app.emulator().advanceTo(kst('2026-01-31T09:00:00'));
  const subscriber = await Subscriber.withCard();
  const s = await subscriber.subscribe('monthly-beans');
  const started = s.currentPeriodStart ?? 0;
  // Paid a few seconds after 09:00 (the request's own time): every date keeps that time of day.
  const shift = started - kst('2026-01-31T09:00:00');
  expect(s.currentPeriodEnd).toBe(kst('2026-02-28T09:00:00') + shift);

  await app.emulator().advanceTo(kst('2026-02-28T09:00:00') + shift + 60);
  const february = await subscriber.get(s.id);
  expect(february.currentPeriodEnd).toBe(kst('2026-03-31T09:00:00') + shift);
  expect(february.nextCharge?.at).toBe(kst('2026-03-31T09:00:00') + shift);

  await app.emulator().advanceTo(kst('2026-03-31T09:00:00') + shift + 60);
  const march = await subscriber.get(s.id);
  expect(march.currentPeriodEnd).toBe(kst('2026-04-30T09:00:00') + shift);
  const paid = march.charges.filter((c) => c.status === 'paid').map((c) => c.periodStart);
  expect(paid.sort()).toEqual([started, kst('2026-02-28T09:00:00') + shift, kst('2026-03-31T09:00:00') + shift]);
});
