// Issue 33.1: a free trial turns paid only with the customer's consent, given inside the 30 days
// before the first charge, as a step of its own. Nothing is booked at the service before that
// consent — so a trial nobody answers charges nothing even if this app is down at its end — and it
// ends with its own reason and a mail offering to subscribe again (no second trial). With consent the
// first charge is booked for the trial's end and made once; taken back, the booking is revoked.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consents, mailOutbox, subscriptionCharges, subscriptions } from '@/lib/db/schema';
import type { MailKind } from '@/lib/mail/outbox';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { caughtTo, drainMail, setupMailCatcher } from '@/test/kits/mail';
import { DAY, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
const catcher = setupMailCatcher();

const drain = async () => drainMail(await app.emulator().now());
const mailsWith = (email: string, title: string) =>
  caughtTo(catcher(), email).filter((mail) => mail.subject.includes(title));
const rowsOf = (userId: string, kind: MailKind) =>
  app
    .db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.kind, kind)));
/** What the service holds for the subscriber's card: its schedules and its payments. */
async function atTheService(subscriber: Subscriber) {
  const [card] = await app.db().query.cards.findMany({ where: (c, { eq: is }) => is(c.userId, subscriber.user.id) });
  const uid = card?.customerUid;
  return {
    schedules: (await app.emulator().schedules()).filter((s) => s.customer_uid === uid),
    payments: (await app.emulator().payments()).filter((p) => p.customer_uid === uid && p.status === 'paid'),
  };
}

describe('a free trial turns paid only with consent', () => {
  it('unanswered: nothing booked or charged, even with no app running at its end; it ends, and a mail offers it again without a trial', async () => {
    const subscriber = await Subscriber.withCard();
    const { email } = subscriber.user;
    const s = await subscriber.subscribe('tasting-club');
    const trialEnd = s.trialEndsAt ?? 0;
    expect(s).toMatchObject({ status: 'active', hasAccess: true, nextCharge: null });
    expect(s.trial).toMatchObject({ endsAt: trialEnd, decision: null, asksFrom: trialEnd - 30 * DAY });
    expect(s.trial?.text).toContain('동의하지 않으면 무료 체험이 끝날 때 결제 없이 구독이 종료됩니다.');
    expect((await atTheService(subscriber)).schedules).toEqual([]);

    // The card rules' notice, 7 days before: it asks, and says a link alone does not consent.
    await app.emulator().advanceTo(trialEnd - 7 * DAY);
    await drain();
    const [notice] = mailsWith(email, '무료 체험 종료 예정');
    expect(notice?.text).toContain('유료 전환에 동의하신 경우에만');
    expect(notice?.text).toContain(`/account/subscriptions/trial/${s.id}`);
    expect(notice?.text).toContain('링크를 여는 것만으로는 동의되지 않습니다');

    // No app at the trial's end (no reconciliation, no webhook): the service has nothing to run.
    await app.emulator().advanceTo(trialEnd + DAY);
    expect(await atTheService(subscriber)).toEqual({ schedules: [], payments: [] });

    await reconcileSubscriptions();
    expect(await subscriber.get(s.id)).toMatchObject({
      status: 'cancelled',
      endReason: 'trial_not_converted',
      hasAccess: false,
    });
    await drain();
    const [ended] = mailsWith(email, '구독 종료');
    expect(ended?.text).toContain('유료 전환에 동의하지 않으셔서 결제 없이 종료되었습니다');
    expect(ended?.text).toContain('다시 구독하기');
    // Subscribing again: no second trial, charged at once.
    const again = await subscriber.subscribe('tasting-club');
    expect(again.trialEndsAt).toBeNull();
    expect(again.charges.map((c) => [c.kind, c.status])).toContainEqual(['first', 'paid']);
  });

  it('agreed: logged with the text shown, booked for the trial’s end, charged once then, and renewed on its anchor', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('tasting-club');
    const trialEnd = s.trialEndsAt ?? 0;
    await app.emulator().advanceTo(trialEnd - 10 * DAY);

    // A page showing other terms (or none) is not consent to these.
    const stale = await subscriber.decideTrial(s.id, 'convert', '0'.repeat(64));
    expect(stale.status).toBe(409);
    expect((await atTheService(subscriber)).schedules).toEqual([]);

    // Two answers at once (a double click): one consent, one booking.
    const both = await Promise.all([subscriber.decideTrial(s.id, 'convert'), subscriber.decideTrial(s.id, 'convert')]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const converting = await subscriber.get(s.id);
    expect(converting).toMatchObject({ cancelAtPeriodEnd: false, nextCharge: { at: trialEnd, amount: 24_900 } });
    expect(converting.trial?.decision).toBe('convert');
    const [logged] = await app.db().select().from(consents).where(eq(consents.kind, 'trial_conversion'));
    expect(logged).toMatchObject({ userId: subscriber.user.id, agreed: true, amount: 24_900, subjectId: s.id });
    expect(logged?.textSha256).toBe(s.trial?.textSha256);
    expect((await atTheService(subscriber)).schedules.map((x) => [x.schedule_at, x.schedule_status])).toEqual([
      [trialEnd, 'scheduled'],
    ]);
    // Asked again: nothing more.
    expect((await subscriber.decideTrial(s.id, 'convert')).status).toBe(200);
    expect(await app.db().select().from(consents).where(eq(consents.kind, 'trial_conversion'))).toHaveLength(1);

    await app.emulator().advanceTo(trialEnd + 60);
    const { payments } = await atTheService(subscriber);
    expect(payments.map((p) => [p.amount, p.paid_at >= trialEnd])).toEqual([[24_900, true]]);
    const paid = await subscriber.get(s.id);
    expect(paid).toMatchObject({ status: 'active', currentPeriodStart: trialEnd });
    expect(paid.trial).toBeUndefined();
    expect(paid.nextCharge?.at).toBe(paid.currentPeriodEnd);
    const [row] = await app.db().select().from(subscriptions).where(eq(subscriptions.id, s.id));
    expect(row?.billingAnchor).toBe(trialEnd);
    // The ending planned at the trial's start was called off.
    expect((await rowsOf(subscriber.user.id, 'subscription_ended')).map((m) => m.status)).toEqual(['skipped']);
  });

  it('agreed, then 체험만 하고 종료: the booking is revoked at the service, nothing is charged, the answer is logged', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('tasting-club');
    const trialEnd = s.trialEndsAt ?? 0;
    expect((await subscriber.decideTrial(s.id, 'convert')).status).toBe(200);
    expect((await subscriber.decideTrial(s.id, 'end')).status).toBe(200);
    expect(await subscriber.get(s.id)).toMatchObject({
      cancelAtPeriodEnd: true,
      endReason: 'trial_not_converted',
      nextCharge: null,
      trial: { decision: 'end' },
    });
    expect((await atTheService(subscriber)).schedules.map((x) => x.schedule_status)).toEqual(['revoked']);
    const answers = await app
      .db()
      .select()
      .from(consents)
      .where(and(eq(consents.kind, 'trial_conversion'), eq(consents.userId, subscriber.user.id)));
    expect(answers.map((c) => c.agreed).sort()).toEqual([false, true]);

    await app.emulator().advanceTo(trialEnd + DAY);
    await reconcileSubscriptions();
    expect((await atTheService(subscriber)).payments).toEqual([]);
    expect(await subscriber.get(s.id)).toMatchObject({ status: 'cancelled', endReason: 'trial_not_converted' });
    // A resume is no way around the ask, and once over nothing can be answered.
    expect((await subscriber.decideTrial(s.id, 'convert')).status).toBe(409);
  });

  it('subscribing again after an unanswered trial ended works before reconciliation closed it (no 409, no trial)', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('tasting-club');
    await app.emulator().advanceTo((s.trialEndsAt ?? 0) + 60);
    const again = await subscriber.subscribe('tasting-club');
    expect(again.trialEndsAt).toBeNull();
    expect(again.charges.map((c) => [c.kind, c.status])).toContainEqual(['first', 'paid']);
    expect(await subscriber.get(s.id)).toMatchObject({ status: 'cancelled', endReason: 'trial_not_converted' });
  });

  it('a plain resume of a trial nobody agreed to is refused: only the ask turns it paid', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('tasting-club');
    const resumed = await subscriber.resume(s.id);
    expect(resumed.status).toBe(409);
    expect((await resumed.json()).error.code).toBe('trial_consent_required');
    expect((await atTheService(subscriber)).schedules).toEqual([]);
  });

  it('a booking for a trial’s conversion with no consent inside its window is never made (the gate at booking)', async () => {
    const subscriber = await Subscriber.withCard();
    const s = await subscriber.subscribe('tasting-club');
    const trialEnd = s.trialEndsAt ?? 0;
    // A consent dated before the window (as a longer trial's early answer would be) does not count.
    await app
      .db()
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, endReason: null, trialDecision: 'convert', trialDecidedAt: trialEnd - 31 * DAY })
      .where(eq(subscriptions.id, s.id));
    await reconcileSubscriptions();
    expect((await atTheService(subscriber)).schedules).toEqual([]);
    const charges = await app
      .db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, s.id));
    expect(charges.map((c) => [c.status, c.failReason])).toEqual([
      ['revoked', '유료 전환 동의가 없어 결제하지 않았습니다.'],
    ]);
    expect(await subscriber.get(s.id)).toMatchObject({ cancelAtPeriodEnd: true, endReason: 'trial_not_converted' });
  });
});
