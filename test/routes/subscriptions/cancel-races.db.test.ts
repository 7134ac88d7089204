// Issue 12, scenarios 2 and 3: a cancel racing a booking at the service. Whatever the service did
// with the booking — ran it while its notice was lost, or refused to revoke it while it still
// waits — the money ends applied once or refunded, and nothing is charged beyond the cancellation.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard } from '@/test/factories';
import { DAY, deliver, notice, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';
import { withScriptedAnswer } from '@/test/scripted-answers';

const app = setupSubscriptionTest();

const chargesOf = (subscriptionId: string) =>
  app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
const paymentsOf = async (customerUid: string) =>
  (await app.emulator().payments()).filter((p) => p.customer_uid === customerUid && p.amount > 0);

/** A subscription in dunning whose retry (on a good card) was paid at the service, its notice lost. */
async function retryPaidNoticeLost() {
  const subscriber = await Subscriber.withCard(TEST_CARDS.firstChargeOnly);
  const first = await subscriber.subscribe();
  const due = first.currentPeriodEnd ?? 0;
  await app.emulator().advanceTo(due);
  const better = await createTestCard(subscriber.user.id, { cardNumber: TEST_CARDS.approved, isDefault: false });
  expect((await subscriber.changeCard(first.id, better.id)).status).toBe(200);
  await app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });
  await app.emulator().advanceTo(due + DAY);
  expect((await subscriber.get(first.id)).status).toBe('past_due');
  const [retry] = (await paymentsOf(better.customerUid)).filter((p) => p.status === 'paid');
  if (!retry) throw new Error('the retry was not paid');
  return { subscriber, first, due, retry, better };
}

describe('scenario 2: cancel during dunning while the retry already ran, notice lost', () => {
  it('cancel reads the payment and applies it: the period it paid for runs to its end, then it ends', async () => {
    const { subscriber, first, due, retry } = await retryPaidNoticeLost();
    expect((await subscriber.cancel(first.id)).status).toBe(200);
    expect(await subscriber.get(first.id)).toMatchObject({
      status: 'active',
      hasAccess: true,
      cancelAtPeriodEnd: true,
      currentPeriodStart: due,
      nextCharge: null,
    });
    expect((await chargesOf(first.id)).find((c) => c.impUid === retry.imp_uid)?.status).toBe('paid');
    await app.emulator().advanceTo((await subscriber.get(first.id)).currentPeriodEnd ?? 0);
    expect(await subscriber.get(first.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
  });

  it('a subscription already ended with that payment unapplied: reconciliation refunds it', async () => {
    const { subscriber, first, retry } = await retryPaidNoticeLost();
    // As the old cancel left it: ended, the retry's charge still believed waiting.
    await app
      .db()
      .update(subscriptions)
      .set({ status: 'cancelled', endReason: 'customer', cancelAtPeriodEnd: true })
      .where(eq(subscriptions.id, first.id));
    expect(await reconcileSubscriptions()).toMatchObject({ refunded: 1, errors: [] });
    expect((await app.client().payments.get({ imp_uid: retry.imp_uid })).status).toBe('cancelled');
    expect((await chargesOf(first.id)).find((c) => c.impUid === retry.imp_uid)?.status).toBe('refunded');
    expect((await subscriber.get(first.id)).status).toBe('cancelled');
  });

  it('the lost notice redelivered after the customer subscribed again: refunded, the new subscription untouched', async () => {
    const { subscriber, first, retry, better } = await retryPaidNoticeLost();
    await app
      .db()
      .update(subscriptions)
      .set({ status: 'cancelled', endReason: 'customer', cancelAtPeriodEnd: true })
      .where(eq(subscriptions.id, first.id));
    const subscribed = await subscriber.subscribeRaw({
      planId: 'monthly-beans',
      idempotencyKey: crypto.randomUUID(),
      cardId: better.id,
    });
    const again = await subscriber.get((await subscribed.json()).subscriptionId);
    const response = await deliver(notice(retry.imp_uid, retry.merchant_uid));
    expect(response.status).toBe(200);
    expect((await response.json()).outcome).toBe('refunded: the charge had been given up');
    expect((await app.client().payments.get({ imp_uid: retry.imp_uid })).status).toBe('cancelled');
    expect(await subscriber.get(first.id)).toMatchObject({ status: 'cancelled' });
    expect(await subscriber.get(again.id)).toMatchObject({
      status: 'active',
      currentPeriodEnd: again.currentPeriodEnd,
    });
  });
});

describe('scenario 3: unschedule answered non-zero while the booking is still waiting', () => {
  const refused = { code: 1, message: '취소할 예약결제 기록이 존재하지 않습니다.', response: null };

  async function cancelRefusedAtService() {
    const subscriber = await Subscriber.withCard();
    const first = await subscriber.subscribe();
    const [booked] = (await chargesOf(first.id)).filter((c) => c.status === 'scheduled');
    if (!booked) throw new Error('no booking');
    const response = await withScriptedAnswer(app, 'POST /subscribe/payments/unschedule', refused, 2, () =>
      subscriber.cancel(first.id),
    );
    expect(response.status).toBe(200);
    // The refusal was not the truth: the booking still waits at the service.
    expect((await app.emulator().schedule(booked.merchantUid))?.schedule_status).toBe('scheduled');
    return { subscriber, first, booked };
  }

  it('if the booking runs anyway, its payment is refunded as a charge given up on', async () => {
    const { subscriber, first, booked } = await cancelRefusedAtService();
    await app.emulator().advanceTo(first.currentPeriodEnd ?? 0);
    const ran = await app.emulator().schedule(booked.merchantUid);
    expect(ran?.schedule_status).toBe('executed');
    expect((await app.client().payments.get({ imp_uid: ran?.imp_uid ?? '' })).status).toBe('cancelled');
    expect(await subscriber.get(first.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
  });

  it('reconciliation revokes it before it runs: nothing is charged after the period', async () => {
    const { first, booked } = await cancelRefusedAtService();
    await reconcileSubscriptions();
    expect((await app.emulator().schedule(booked.merchantUid))?.schedule_status).toBe('revoked');
    await app.emulator().advanceTo((first.currentPeriodEnd ?? 0) + DAY);
    expect((await paymentsOf(booked.customerUid)).filter((p) => p.paid_at >= (first.currentPeriodEnd ?? 0))).toEqual(
      [],
    );
  });
});
