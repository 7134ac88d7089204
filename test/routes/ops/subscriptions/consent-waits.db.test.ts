// Issue 33.7: the console shows which subscriptions wait for a consent — a free trial's conversion
// or a higher price — and when each ends without it; a filter lists them.
import { beforeAll, expect, it } from 'vitest';
import { GET as listRoute } from '@/app/api/ops/subscriptions/route';
import type { Page } from '@/lib/ops/client/lists';
import type { SubscriptionRow } from '@/lib/ops/client/subscriptions';
import { setPlanPrice } from '@/lib/subscriptions';
import { callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
let viewer: SignedInOperator;
beforeAll(async () => {
  viewer = await signedInOperator('viewer');
});

const listed = async (query: string): Promise<SubscriptionRow[]> =>
  (
    (await (
      await callOps(listRoute, `/api/ops/subscriptions?${query}`, { cookie: viewer.cookie })
    ).json()) as Page<SubscriptionRow>
  ).rows;

it('a trial nobody answered and a rise not agreed to are listed with when they end; answered, they leave the list', async () => {
  const trialist = await Subscriber.withCard();
  const trial = await trialist.subscribe('tasting-club');
  const member = await Subscriber.withCard();
  const monthly = await member.subscribe('monthly-beans');
  await setPlanPrice('monthly-beans', monthly.amount + 3_000, (await app.emulator().now()) + 30 * DAY + HOUR);

  const trials = await listed('awaitingConsent=trial');
  expect(trials.map((row) => [row.id, row.consentWait])).toEqual([
    [trial.id, { kind: 'trial', asksFrom: (trial.trialEndsAt ?? 0) - 30 * DAY, endsAt: trial.trialEndsAt }],
  ]);
  const prices = await listed('awaitingConsent=price');
  expect(prices.map((row) => row.id)).toEqual([monthly.id]);
  expect(prices[0]?.consentWait).toMatchObject({
    kind: 'price',
    endsAt: monthly.currentPeriodEnd,
    newAmount: monthly.amount + 3_000,
  });
  // The unfiltered list says it too.
  expect((await listed('')).find((row) => row.id === trial.id)?.consentWait?.kind).toBe('trial');

  expect((await trialist.decideTrial(trial.id, 'convert')).status).toBe(200);
  expect(await listed('awaitingConsent=trial')).toEqual([]);
  expect((await listed('')).find((row) => row.id === trial.id)?.consentWait).toBeNull();
});
