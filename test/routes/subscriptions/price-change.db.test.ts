// Price changes only with fresh consent (issue 15.4, 33): a new price needs 30 days' notice; each
// subscriber is asked once, inside the 30 days before their first charge at it; without consent by
// the renewal nothing is charged at the new price and the subscription ends with its paid period;
// with it, the renewal charges the new price.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as acceptRoute } from '@/app/api/subscriptions/price-changes/[id]/route';
import { sha256 } from '@/lib/consents/log';
import { consents, planPrices, priceChangeRequests } from '@/lib/db/schema';
import { pendingPriceChanges } from '@/lib/subscriptions/price-asks';
import { PRICE_CHANGE_TERMS_VERSION, setPlanPrice } from '@/lib/subscriptions/price-changes';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { pageRequest } from '@/test/factories';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const paymentsOf = async (email: string) =>
  (await app.emulator().payments()).filter((p) => p.buyer_email === email && p.status === 'paid');

const accept = (subscriber: Subscriber, id: string, body: unknown) =>
  acceptRoute(
    pageRequest(`/api/subscriptions/price-changes/${id}`, { method: 'POST', body, cookie: subscriber.customer.cookie }),
    { params: Promise.resolve({ id }) },
  );

describe('price changes', () => {
  it('need 30 days’ notice; without consent the subscription ends at the period end, with it the renewal charges the new price', async () => {
    const declining = await Subscriber.withCard();
    const consenting = await Subscriber.withCard();
    const a = await declining.subscribe();
    const b = await consenting.subscribe();
    const now = await app.emulator().now();
    const end = a.currentPeriodEnd ?? 0;

    await expect(setPlanPrice('monthly-beans', 24_900, now + 29 * DAY)).rejects.toMatchObject({
      code: 'notice_too_short',
    });
    expect(await app.db().select().from(planPrices).where(eq(planPrices.planId, 'monthly-beans'))).toHaveLength(1);

    const from = now + 30 * DAY + HOUR;
    expect(from).toBeLessThan(end);
    const price = await setPlanPrice('monthly-beans', 24_900, from);
    expect(price).toMatchObject({ version: 2, amount: 24_900, effectiveFrom: from });

    // Each subscriber is asked once: a banner with the old and new price, the date, and the end without consent.
    for (const [subscriber, subscription] of [
      [declining, a],
      [consenting, b],
    ] as const) {
      const pending = await pendingPriceChanges(subscriber.user.id);
      expect(pending).toEqual([
        expect.objectContaining({
          subscriptionId: subscription.id,
          oldAmount: 19_900,
          newAmount: 24_900,
          effectiveFrom: from,
          endsAt: end,
        }),
      ]);
      // The renewal booked at the old price for a time the new one applies was taken back.
      expect(await subscriber.get(subscription.id)).toMatchObject({ nextCharge: null, cancelAtPeriodEnd: true });
    }
    const requests = await app.db().select().from(priceChangeRequests);
    expect(requests).toHaveLength(2);

    // The announcement is information only: the ask opens 30 days before the first charge at the
    // new price (the period's end), a day from now — a consent before that is refused.
    const [early] = await pendingPriceChanges(consenting.user.id);
    expect(early).toMatchObject({ changesAt: end, asksFrom: end - 30 * DAY, askOpen: false });
    const tooEarly = await accept(consenting, early?.id ?? '', { consent: { agreed: true } });
    expect(tooEarly.status).toBe(409);
    expect((await tooEarly.json()).error.code).toBe('consent_not_open');
    await app.emulator().advanceClock(end - 30 * DAY - (await app.emulator().now()));

    // Consent needs the box: an empty body is refused.
    const [request] = await pendingPriceChanges(consenting.user.id);
    expect(request?.askOpen).toBe(true);
    expect((await accept(consenting, request?.id ?? '', {})).status).toBe(422);
    expect((await accept(declining, request?.id ?? '', { consent: { agreed: true } })).status).toBe(404);
    const accepted = await accept(consenting, request?.id ?? '', { consent: { agreed: true } });
    expect(accepted.status).toBe(200);
    expect(await pendingPriceChanges(consenting.user.id)).toEqual([]);
    expect(await consenting.get(b.id)).toMatchObject({
      cancelAtPeriodEnd: false,
      nextCharge: { at: end, amount: 24_900 },
    });
    const [logged] = await app.db().select().from(consents).where(eq(consents.kind, 'price_change'));
    expect(logged).toMatchObject({
      userId: consenting.user.id,
      amount: 24_900,
      subjectId: request?.id,
      textSha256: sha256([PRICE_CHANGE_TERMS_VERSION, ...(request?.text ?? [])].join('\n')),
    });

    await app.emulator().advanceClock(end + 60 - (await app.emulator().now()));
    await reconcileSubscriptions();

    // Without consent: nothing charged after the first month, and the subscription ended with its period.
    expect((await paymentsOf(declining.user.email)).map((p) => p.amount)).toEqual([19_900]);
    expect(await declining.get(a.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
    // With consent: the renewal charged the new price.
    expect((await paymentsOf(consenting.user.email)).map((p) => p.amount).sort()).toEqual([19_900, 24_900]);
    expect(await consenting.get(b.id)).toMatchObject({
      status: 'active',
      amount: 24_900,
      nextCharge: { amount: 24_900 },
    });
    // A new subscriber is offered the new price.
    expect((await (await Subscriber.withCard()).offer()).amount).toBe(24_900);
  });
});
