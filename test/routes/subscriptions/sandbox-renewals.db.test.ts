// A customer who knows their card's customer_uid (a window registration hands it to the browser)
// issues its billing key again through one of the merchant's test channels (IMP.request_pay with
// that customer_uid, the test channel's pg and amount 0). From then on every renewal is a
// sandbox payment: no money moves. In production such a renewal must count as not paid — dunning,
// then the end — never leave the subscription active, booked again and again, for free.
import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cards, subscriptionCharges } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { createIamportClient } from '@/lib/iamport';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { cardFields } from '@/test/emulator/kit';
import { setOverride } from '@/test/kits/overrides';
import { DAY, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
const TEST_CHANNEL = 'html5_inicis.test_store';

beforeAll(async () => {
  await app.emulator().upsertMerchant({ code: 'imp00000000', test_channels: [TEST_CHANNEL] });
});
afterEach(() => {
  env.NODE_ENV = 'test';
  setOverride('iamport', app.client());
});

const advanceBy = (seconds: number) => app.emulator().advanceClock(seconds);

describe('renewals charged to a billing key re-issued through a test channel', () => {
  it.each([
    ['reads leave sandbox payments out (the default)', false],
    ['reads include them (IMP_INCLUDE_SANDBOX=true)', true],
  ])('in production they are not paid — %s: dunning, then the end', async (_, includeSandbox) => {
    setOverride(
      'iamport',
      createIamportClient({ baseUrl: app.emulator().url, key: 'test_key', secret: 'test_secret', includeSandbox }),
    );
    const subscriber = await Subscriber.withCard();
    const subscription = await subscriber.subscribe('hourly-demo');
    env.NODE_ENV = 'production';
    const [card] = await app.db().select().from(cards).where(eq(cards.id, subscription.card.id));
    const reissued = await app.emulator().completeWindowPayment({
      pg: TEST_CHANNEL,
      merchant_uid: `reissue-${Date.now()}`,
      amount: 0,
      customer_uid: card?.customerUid ?? '',
      ...cardFields('approved'),
    });
    expect(reissued.payment).toMatchObject({ status: 'paid', sandbox: true });

    // Past the paid hour, then through every dunning retry, reconciling as an operator would.
    for (let day = 0; day < 12; day++) {
      await advanceBy(day === 0 ? 3600 + 120 : DAY);
      await reconcileSubscriptions();
    }
    const charges = await app
      .db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, subscription.id));
    expect(charges.filter((c) => c.status === 'paid').map((c) => c.kind)).toEqual(['first']);
    expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
    // Where the app can read them, none is left standing as paid (elsewhere they are invisible to it
    // and moved no money either way).
    if (!includeSandbox) return;
    const sandboxPaid = (await app.emulator().payments()).filter(
      (p) => p.customer_uid === card?.customerUid && p.sandbox && p.status === 'paid' && p.amount > 0,
    );
    expect(sandboxPaid).toEqual([]);
  });
});
