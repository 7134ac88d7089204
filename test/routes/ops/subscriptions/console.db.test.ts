// The console on subscriptions: refunds of subscription charges leave the records consistent (a
// full refund of the current period's charge ends access and takes the next booking back; a
// partial one keeps it), a refund made at the service's own console does the same through its
// notice; a failed renewal retried now after a card change; a booking lost at the service re-booked;
// cancel at period end; a webhook processed again; reconciliation run and kept. Each action audited.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as refundRoute } from '@/app/api/ops/payments/[merchantUid]/refunds/route';
import { POST as runRoute, GET as runsRoute } from '@/app/api/ops/reconciliations/route';
import { POST as cancelRoute } from '@/app/api/ops/subscriptions/[id]/cancel/route';
import { POST as cancelNowRoute } from '@/app/api/ops/subscriptions/[id]/cancel-now/route';
import { POST as rebookRoute } from '@/app/api/ops/subscriptions/[id]/rebook/route';
import { POST as retryRoute } from '@/app/api/ops/subscriptions/[id]/retry/route';
import { GET as detailRoute } from '@/app/api/ops/subscriptions/[id]/route';
import { POST as processRoute } from '@/app/api/ops/webhooks/[id]/process/route';
import { GET as webhooksRoute } from '@/app/api/ops/webhooks/route';
import { consentEntries } from '@/lib/consents/log';
import { subscriptionCharges } from '@/lib/db/schema';
import type { SubscriptionDetail } from '@/lib/ops/client/subscriptions';
import type { WebhookDeliveryView } from '@/lib/ops/client/webhooks';
import { TEST_CARDS } from '@/test/emulator/kit';
import { createTestCard } from '@/test/factories';
import { auditOf, callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { DAY, deliver, notice, Subscriber, setupSubscriptionTest, TEST_SHIPPING } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
let admin: SignedInOperator;

beforeAll(async () => {
  admin = await signedInOperator('admin');
});

const post = (handler: unknown, path: string, params: Record<string, string>, body: unknown = {}) =>
  callOps(handler, path, { method: 'POST', cookie: admin.cookie, params, body });
const detail = async (id: string): Promise<SubscriptionDetail> =>
  (await callOps(detailRoute, `/api/ops/subscriptions/${id}`, { cookie: admin.cookie, params: { id } })).json();
const chargesOf = (subscriptionId: string) =>
  app.db().select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
const refund = (merchantUid: string, amount: number, refundable: number) =>
  post(
    refundRoute,
    `/api/ops/payments/${merchantUid}/refunds`,
    { merchantUid },
    { amount, refundable, reason: 'customer_request' },
  );

async function subscribed(planId = 'monthly-beans') {
  const subscriber = await Subscriber.withCard();
  const summary = await subscriber.subscribe(planId);
  const charges = await chargesOf(summary.id);
  const first = charges.find((c) => c.kind === 'first');
  const renewal = charges.find((c) => c.status === 'scheduled');
  if (!first || !renewal) throw new Error('no first charge or no booking');
  return { subscriber, summary, first, renewal };
}

describe('refunds of subscription charges', () => {
  it("a full refund of the current period's charge ends access and takes the next booking back", async () => {
    const { subscriber, summary, first, renewal } = await subscribed();
    const response = await refund(first.merchantUid, first.amount, first.amount);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ refundable: 0, status: 'cancelled', endedSubscription: true });
    const charges = await chargesOf(summary.id);
    expect(charges.find((c) => c.id === first.id)).toMatchObject({ status: 'refunded', refundedAmount: first.amount });
    expect(charges.find((c) => c.id === renewal.id)?.status).toBe('revoked');
    expect((await app.emulator().schedule(renewal.merchantUid))?.schedule_status).toBe('revoked');
    expect(await subscriber.get(summary.id)).toMatchObject({
      status: 'cancelled',
      hasAccess: false,
      endReason: 'refunded',
    });
    // Nothing is charged when the next period comes.
    await app.emulator().advanceTo((summary.currentPeriodEnd ?? 0) + DAY);
    expect((await app.emulator().payments()).filter((p) => p.merchant_uid === renewal.merchantUid)).toHaveLength(0);
    expect((await auditOf(first.merchantUid)).map((a) => a.result)).toEqual([
      `refunded ${first.amount}; 0 left; subscription ended`,
    ]);
  });

  it('a partial refund keeps the subscription and its booking', async () => {
    const { subscriber, summary, first, renewal } = await subscribed();
    expect((await refund(first.merchantUid, 1_000, first.amount)).status).toBe(200);
    const charges = await chargesOf(summary.id);
    expect(charges.find((c) => c.id === first.id)).toMatchObject({ status: 'paid', refundedAmount: 1_000 });
    expect((await app.emulator().schedule(renewal.merchantUid))?.schedule_status).toBe('scheduled');
    expect(await subscriber.get(summary.id)).toMatchObject({ status: 'active', hasAccess: true });
    const seen = await detail(summary.id);
    expect(seen.charges.find((c) => c.merchantUid === first.merchantUid)?.status).toBe('partially_refunded');
    expect(seen.booking).toMatchObject({ merchantUid: renewal.merchantUid, status: 'scheduled' });
    // Goods: the operator sees where each paid period ships.
    expect(seen.subscription.shipping).toEqual(TEST_SHIPPING);
  });

  it("a refund made at the service's own console is recorded from its notice, and ends access", async () => {
    const { subscriber, summary, first, renewal } = await subscribed();
    const cancelled = await app.client().payments.cancel({ imp_uid: first.impUid ?? '', reason: '콘솔 환불' });
    expect((await deliver(notice(cancelled.imp_uid, first.merchantUid, 'cancelled'))).status).toBe(200);
    expect((await chargesOf(summary.id)).find((c) => c.id === first.id)?.status).toBe('refunded');
    expect((await app.emulator().schedule(renewal.merchantUid))?.schedule_status).toBe('revoked');
    expect(await subscriber.get(summary.id)).toMatchObject({ hasAccess: false, endReason: 'refunded' });
  });
});

describe('subscription actions', () => {
  it('a failed renewal, the card changed by the customer, retried now: paid, active again', async () => {
    const subscriber = await Subscriber.withCard(TEST_CARDS.firstChargeOnly);
    const summary = await subscriber.subscribe('monthly-beans');
    await app.emulator().advanceTo(summary.currentPeriodEnd ?? 0);
    const inDunning = await detail(summary.id);
    expect(inDunning.subscription.status).toBe('past_due');
    expect(inDunning.dunning).toMatchObject({ attempt: 1, lastFailure: expect.stringContaining('한도초과') });
    expect(inDunning.actions.retryNow).toBe(true);
    const better = await createTestCard(subscriber.user.id, { isDefault: false });
    expect((await subscriber.changeCard(summary.id, better.id)).status).toBe(200);

    const retried = await post(
      retryRoute,
      `/api/ops/subscriptions/${summary.id}/retry`,
      { id: summary.id },
      { note: '카드 변경 후' },
    );
    expect(retried.status).toBe(200);
    const { merchantUid } = await retried.json();
    const booking = await app.emulator().schedule(merchantUid);
    expect(booking).toMatchObject({ schedule_status: 'scheduled', customer_uid: better.customerUid });
    await app.emulator().advanceTo(booking?.schedule_at ?? 0);
    expect(await subscriber.get(summary.id)).toMatchObject({ status: 'active', hasAccess: true });
    expect((await auditOf(summary.id)).map((a) => [a.action, a.note])).toEqual([
      ['subscription.retry_now', '카드 변경 후'],
    ]);
    // Nothing left to retry: refused, not audited.
    expect((await post(retryRoute, `/api/ops/subscriptions/${summary.id}/retry`, { id: summary.id })).status).toBe(409);
    expect(await auditOf(summary.id)).toHaveLength(1);
  });

  it('a booking revoked at the service behind our back is seen and re-booked', async () => {
    const { summary, renewal } = await subscribed();
    await app.emulator().rest('POST', '/subscribe/payments/unschedule', {
      customer_uid: renewal.customerUid,
      merchant_uid: renewal.merchantUid,
    });
    const before = await detail(summary.id);
    expect(before.booking).toMatchObject({ status: 'revoked' });
    expect(before.actions.rebook).toBe(true);
    const response = await post(rebookRoute, `/api/ops/subscriptions/${summary.id}/rebook`, { id: summary.id });
    expect(response.status).toBe(200);
    const { merchantUid } = await response.json();
    expect(await app.emulator().schedule(merchantUid)).toMatchObject({
      schedule_status: 'scheduled',
      schedule_at: renewal.scheduleAt,
    });
    expect((await detail(summary.id)).booking).toMatchObject({ merchantUid, status: 'scheduled' });
    expect((await post(rebookRoute, `/api/ops/subscriptions/${summary.id}/rebook`, { id: summary.id })).status).toBe(
      409,
    );
    expect((await auditOf(summary.id)).map((a) => a.action)).toEqual(['subscription.rebook']);
  });

  it('cancel at period end: the booking is taken back, access to the period end, audited', async () => {
    const { subscriber, summary, renewal } = await subscribed();
    const response = await post(
      cancelRoute,
      `/api/ops/subscriptions/${summary.id}/cancel`,
      { id: summary.id },
      { note: '고객 전화' },
    );
    expect(response.status).toBe(200);
    expect((await app.emulator().schedule(renewal.merchantUid))?.schedule_status).toBe('revoked');
    expect(await subscriber.get(summary.id)).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      hasAccess: true,
    });
    expect((await auditOf(summary.id)).map((a) => [a.action, a.note])).toEqual([
      ['subscription.cancel_at_period_end', '고객 전화'],
    ]);
  });
  it("the detail lists the customer's consents with each text's fingerprint; the customer's own list has none", async () => {
    const { subscriber, summary } = await subscribed();
    const { consents } = await detail(summary.id);
    const recurring = consents.find((consent) => consent.kind === 'subscription');
    expect(recurring).toMatchObject({ agreed: true, termsVersion: 'recurring-payment-2026-12-v4' });
    expect(recurring?.textSha256).toMatch(/^[0-9a-f]{64}$/);
    const own = await consentEntries(subscriber.user.id);
    expect(own.length).toBe(consents.length);
    for (const entry of own) expect(entry).not.toHaveProperty('textSha256');
  });

  it('cancel now (a service plan): the booking taken back, the unused part refunded at the service, access ended, audited', async () => {
    const { subscriber, summary, first, renewal } = await subscribed('hourly-demo');
    await app.emulator().advanceClock(10 * 60);
    const response = await post(
      cancelNowRoute,
      `/api/ops/subscriptions/${summary.id}/cancel-now`,
      { id: summary.id },
      { note: '고객 요청: 즉시 해지' },
    );
    expect(response.status).toBe(200);
    const { refunded } = (await response.json()) as { refunded: number };
    // Part of the hour's 1,000원 is unused after 10 minutes: refunded, neither nothing nor all of it.
    expect(refunded).toBeGreaterThan(0);
    expect(refunded).toBeLessThan(1_000);
    expect((await app.emulator().schedule(renewal.merchantUid))?.schedule_status).toBe('revoked');
    const payment = (await app.emulator().payments()).find((p) => p.merchant_uid === first.merchantUid);
    expect(payment?.cancel_amount).toBe(refunded);
    expect(await subscriber.get(summary.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
    expect((await auditOf(summary.id)).map((a) => [a.action, a.amount])).toEqual([
      ['subscription.cancel_now', refunded],
    ]);
    // A second cancel now decides nothing: it answers the first one's refund; nothing refunded twice, audited once.
    const again = await post(cancelNowRoute, `/api/ops/subscriptions/${summary.id}/cancel-now`, { id: summary.id });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ refunded });
    expect(await auditOf(summary.id)).toHaveLength(1);
    expect((await app.emulator().payments()).find((p) => p.merchant_uid === first.merchantUid)?.cancel_amount).toBe(
      refunded,
    );
  });
});

describe('webhooks and reconciliation', () => {
  it('a received delivery processed again changes nothing twice, and is audited', async () => {
    const { first } = await subscribed();
    await deliver(notice(first.impUid ?? '', first.merchantUid));
    const list = await callOps(webhooksRoute, `/api/ops/webhooks?payment=${first.merchantUid}`, {
      cookie: admin.cookie,
    });
    const { rows } = (await list.json()) as { rows: WebhookDeliveryView[] };
    const delivery = rows[0];
    if (!delivery) throw new Error('no delivery recorded');
    const again = await post(processRoute, `/api/ops/webhooks/${delivery.id}/process`, { id: delivery.id });
    expect(again.status).toBe(200);
    expect((await again.json()).delivery.outcome).toMatch(/already settled/);
    expect((await chargesOf(first.subscriptionId)).filter((c) => c.status === 'paid')).toHaveLength(1);
    expect((await auditOf(delivery.id)).map((a) => a.action)).toEqual(['webhook.process']);
  });

  it('reconciliation run now is kept with its report and audited', async () => {
    const response = await callOps(runRoute, '/api/ops/reconciliations', { method: 'POST', cookie: admin.cookie });
    expect(response.status).toBe(200);
    const { run } = await response.json();
    expect(run).toMatchObject({ status: 'done', startedBy: admin.operator.email, report: { orders: { errors: [] } } });
    const runs = await (await callOps(runsRoute, '/api/ops/reconciliations', { cookie: admin.cookie })).json();
    expect(runs.rows[0].id).toBe(run.id);
    expect((await auditOf(run.id)).map((a) => a.action)).toEqual(['reconciliation.run']);
  });
});
