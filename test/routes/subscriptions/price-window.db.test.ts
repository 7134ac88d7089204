// Issue 33.2: a price rises only with consent given inside the 30 days before the subscriber's first
// charge at it — an announcement earlier is information only, and a consent given before the window
// is asked for again inside it; a subscriber may say no (logged, it ends with the last period at the
// old price); a price that falls needs no consent: it applies, and a mail says so.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as answerRoute } from '@/app/api/subscriptions/price-changes/[id]/route';
import { consents, priceChangeRequests, subscriptions } from '@/lib/db/schema';
import { pendingPriceChanges } from '@/lib/subscriptions/price-asks';
import { setPlanPrice } from '@/lib/subscriptions/price-changes';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { pageRequest } from '@/test/factories';
import { caughtTo, drainMail, setupMailCatcher } from '@/test/kits/mail';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
const catcher = setupMailCatcher();

const answer = (subscriber: Subscriber, id: string, body: unknown) =>
  answerRoute(
    pageRequest(`/api/subscriptions/price-changes/${id}`, { method: 'POST', body, cookie: subscriber.customer.cookie }),
    { params: Promise.resolve({ id }) },
  );
const paidAmounts = async (subscriber: Subscriber) =>
  (await app.emulator().payments())
    .filter((p) => p.buyer_email === subscriber.user.email && p.status === 'paid')
    .map((p) => p.amount)
    .sort();
const mailsWith = (subscriber: Subscriber, title: string) =>
  caughtTo(catcher(), subscriber.user.email).filter((mail) => mail.subject.includes(title));
/** The file's tests share the plan and the clock: each raises (or lowers) the price it found. */
const announce = async (amount: number) =>
  setPlanPrice('monthly-beans', amount, (await app.emulator().now()) + 30 * DAY + HOUR);

describe('price changes and the 30-day window', () => {
  it('a consent given before the window does not count: asked again inside it, and only then charged the new price', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    const raised = s.amount + 5_000;
    await announce(raised);
    const [request] = await pendingPriceChanges(subscriber.user.id);
    const end = request?.changesAt ?? 0;
    // An answer recorded before the window (as the old consent at the announcement was), the renewal
    // decided afresh: the gate does not count it, asks again, and books nothing at the new price.
    await app
      .db()
      .update(priceChangeRequests)
      .set({ status: 'accepted', acceptedAt: end - 31 * DAY })
      .where(eq(priceChangeRequests.id, request?.id ?? ''));
    await app
      .db()
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, endReason: null })
      .where(eq(subscriptions.id, s.id));
    await reconcileSubscriptions();
    expect(await subscriber.get(s.id)).toMatchObject({
      nextCharge: null,
      cancelAtPeriodEnd: true,
      endReason: 'price_declined',
    });
    const [again] = await pendingPriceChanges(subscriber.user.id);
    expect(again).toMatchObject({ id: request?.id, status: 'requested', endsAt: end });

    // Inside the window the subscriber agrees: booked at the new price, charged it once at the renewal.
    await app.emulator().advanceTo(end - 20 * DAY);
    expect((await answer(subscriber, request?.id ?? '', { consent: { agreed: true } })).status).toBe(200);
    expect(await subscriber.get(s.id)).toMatchObject({
      cancelAtPeriodEnd: false,
      nextCharge: { at: end, amount: raised },
    });
    await app.emulator().advanceTo(end + 60);
    expect((await paidAmounts(subscriber)).filter((amount) => amount === raised)).toEqual([raised]);
  });

  it('before the window the page only informs; the ask mail comes when it opens; no is logged and ends it; yes while the period runs renews', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    const raised = s.amount + 5_000;
    await announce(raised);
    const [request] = await pendingPriceChanges(subscriber.user.id);
    const end = request?.changesAt ?? 0;
    expect(request).toMatchObject({ asksFrom: end - 30 * DAY, askOpen: false });
    await drainMail(await app.emulator().now());
    const [announced] = mailsWith(subscriber, '가격 변경 안내');
    expect(announced?.text).toContain('동의는 그 30일 전인');
    expect(mailsWith(subscriber, '가격 변경 동의 요청')).toHaveLength(0);

    await app.emulator().advanceTo(end - 30 * DAY);
    await drainMail(await app.emulator().now());
    const [ask] = mailsWith(subscriber, '가격 변경 동의 요청');
    expect(ask?.text).toContain(`/account/subscriptions/price-change/${request?.id}`);
    expect(ask?.text).toContain('링크를 여는 것만으로는 동의되지 않습니다');

    expect((await answer(subscriber, request?.id ?? '', { decision: 'decline' })).status).toBe(200);
    // It ends with the last period at the old price (renewed meanwhile, if one fell before the change).
    expect(await pendingPriceChanges(subscriber.user.id)).toEqual([
      expect.objectContaining({ id: request?.id, status: 'declined', endsAt: end }),
    ]);
    expect(await subscriber.get(s.id)).toMatchObject({ currentPeriodEnd: end, cancelAtPeriodEnd: true });
    const logged = await app
      .db()
      .select()
      .from(consents)
      .where(and(eq(consents.userId, subscriber.user.id), eq(consents.kind, 'price_change')));
    expect(logged.map((c) => [c.agreed, c.amount])).toEqual([[false, raised]]);

    // Changing their mind while the period runs: renewed at the new price.
    expect((await answer(subscriber, request?.id ?? '', { consent: { agreed: true } })).status).toBe(200);
    expect(await subscriber.get(s.id)).toMatchObject({ cancelAtPeriodEnd: false, nextCharge: { amount: raised } });
    await app.emulator().advanceTo(end + 60);
    expect((await subscriber.get(s.id)).charges.map((c) => c.amount)).toEqual(
      expect.arrayContaining([s.amount, raised]),
    );
    expect((await paidAmounts(subscriber)).filter((amount) => amount !== s.amount)).toEqual([raised]);
  });

  it('unanswered: nothing is charged at the new price and it ends with its paid period', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    await announce(s.amount + 5_000);
    const [request] = await pendingPriceChanges(subscriber.user.id);
    await app.emulator().advanceTo((request?.changesAt ?? 0) + 60);
    await reconcileSubscriptions();
    expect(new Set(await paidAmounts(subscriber))).toEqual(new Set([s.amount]));
    expect(await subscriber.get(s.id)).toMatchObject({ status: 'cancelled', endReason: 'price_declined' });
  });

  it('a price that falls needs no consent: no request, a mail says so, and the renewal is charged the lower price', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('monthly-beans');
    const lower = s.amount - 2_000;
    const price = await announce(lower);
    expect(await pendingPriceChanges(subscriber.user.id)).toEqual([]);
    expect(
      await app.db().select().from(priceChangeRequests).where(eq(priceChangeRequests.subscriptionId, s.id)),
    ).toEqual([]);
    await drainMail(await app.emulator().now());
    const [lowered] = mailsWith(subscriber, '가격 인하 안내');
    expect(lowered?.text).toContain('따로 하실 일은 없습니다');
    // Renewed at the old price until the new one applies, then at the lower price — no answer asked.
    let now = await app.emulator().now();
    while (now < price.effectiveFrom) {
      await app.emulator().advanceTo(((await subscriber.get(s.id)).currentPeriodEnd ?? now) + 60);
      now = await app.emulator().now();
    }
    const after = await subscriber.get(s.id);
    expect(after).toMatchObject({ status: 'active', amount: lower, cancelAtPeriodEnd: false });
    expect(after.charges.find((c) => c.status === 'paid' && (c.periodStart ?? 0) >= price.effectiveFrom)?.amount).toBe(
      lower,
    );
  });
});
