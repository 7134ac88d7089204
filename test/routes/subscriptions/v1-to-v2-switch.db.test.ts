// Issue 37's done-when, in one process: a shop started on V1 (a V1 card, a V1 order paid) is
// switched to PORTONE_API=v2; it refunds the V1 payment through V1, removes the V1 card's key at V1,
// and runs a V2 subscription — a V2 card, its first charge and its booking on V2, the renewal
// charged by the service on the virtual clock and settled from V2's signed notice.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { cards, orders, refunds, subscriptionCharges } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { providerFor } from '@/lib/provider';
import { setupAppTest } from '@/test/app-harness';
import { Customer } from '@/test/kits/cards';
import { customerCalls, paidDelivery } from '@/test/kits/fulfilment';
import { Shopper } from '@/test/kits/orders';
import { HOUR, START, Subscriber } from '@/test/kits/subscriptions';
import { registerOnV2 } from '@/test/kits/v2';

const app = setupAppTest({ clock: { start: START, frozen: true }, bridge: true });
const configured = env.PORTONE_API;
afterAll(() => {
  env.PORTONE_API = configured;
});

it('a shop moved from V1 to V2 refunds its V1 payment through V1 and renews a V2 subscription on V2', async () => {
  env.PORTONE_API = 'v1';
  const customer = await Customer.signUp();
  const v1Card = await customer.registerInWindow(app.emulator());
  expect(v1Card.response.status).toBe(201);
  const { cardId: v1CardId } = (await v1Card.response.json()) as { cardId: string };
  const shopper = Shopper.of(customer);
  const v1Order = await paidDelivery(shopper);
  const db = app.db();
  const [v1Row] = await db.select().from(orders).where(eq(orders.orderNumber, v1Order.orderNumber));
  expect(v1Row).toMatchObject({ api: 'v1', status: 'paid' });

  env.PORTONE_API = 'v2';

  // The V1 order is refunded through V1: its payment is cancelled at V1, the refund recorded as V1's.
  const cancel = await customerCalls(shopper).cancel(v1Order.orderNumber);
  expect(cancel.status).toBe(200);
  expect((await cancel.json()).result).toEqual({ refund: 'made', amount: v1Order.amount });
  const atV1 = (await app.emulator().payments()).find((payment) => payment.imp_uid === v1Row?.impUid);
  expect(atV1).toMatchObject({ status: 'cancelled', cancel_amount: v1Order.amount });
  const [refund] = await db
    .select()
    .from(refunds)
    .where(eq(refunds.merchantUid, v1Row?.merchantUid ?? ''));
  expect(refund).toMatchObject({ api: 'v1', status: 'made' });

  // A V2 card; the V1 card removed, its key deleted at V1.
  const v2Card = await registerOnV2(customer, app.emulator());
  expect(v2Card.response.status).toBe(201);
  const { cardId: v2CardId } = (await v2Card.response.json()) as { cardId: string };
  expect((await customer.remove(v1CardId)).status).toBe(200);
  await expect(app.client().billingKeys.get({ customer_uid: v1Card.registration.customerUid })).rejects.toThrow();
  const [v2Row] = await db.select().from(cards).where(eq(cards.id, v2CardId));
  expect(v2Row).toMatchObject({ api: 'v2', status: 'active', isDefault: true, billingKey: v2Card.billingKey });

  // A V2 subscription: first charge on V2, the renewal booked there under a schedule id.
  const subscriber = Subscriber.of(customer);
  const response = await subscriber.subscribeRaw({
    planId: 'hourly-demo',
    idempotencyKey: randomUUID(),
    cardId: v2CardId,
  });
  expect(response.status).toBe(201);
  const { subscriptionId } = (await response.json()) as { subscriptionId: string };
  const first = await subscriber.get(subscriptionId);
  expect(first.status).toBe('active');
  const end = first.currentPeriodEnd ?? 0;
  const chargesOf = () =>
    db.select().from(subscriptionCharges).where(eq(subscriptionCharges.subscriptionId, subscriptionId));
  const before = await chargesOf();
  expect(before.map((c) => [c.kind, c.status, c.api])).toEqual(
    expect.arrayContaining([
      ['first', 'paid', 'v2'],
      ['renewal', 'scheduled', 'v2'],
    ]),
  );
  const booked = before.find((c) => c.kind === 'renewal');
  expect(booked?.scheduleId).toEqual(expect.any(String));
  expect(await providerFor('v2').readSchedule(booked?.scheduleId ?? '')).toEqual({
    outcome: 'scheduled',
    scheduleId: booked?.scheduleId,
  });

  // The service charges the booking when its clock reaches it; its signed notice renews the subscription.
  await app.emulator().advanceTo(end);
  await vi.waitFor(
    async () => {
      const renewed = await subscriber.get(subscriptionId);
      expect(renewed).toMatchObject({ status: 'active', currentPeriodStart: end, currentPeriodEnd: end + HOUR });
    },
    { timeout: 15_000, interval: 100 },
  );
  const after = await chargesOf();
  const renewal = after.find((c) => c.id === booked?.id);
  expect(renewal).toMatchObject({ status: 'paid', api: 'v2' });
  expect(await providerFor('v2').readPayment(renewal?.merchantUid ?? '')).toMatchObject({
    status: 'paid',
    amount: renewal?.amount,
    billingKey: v2Card.billingKey,
  });
  const next = after.find((c) => c.kind === 'renewal' && c.status === 'scheduled');
  expect(next).toMatchObject({ api: 'v2', scheduleAt: end + HOUR, scheduleId: expect.any(String) });
  // The next booking is left revoked, so nothing runs after the test.
  expect(await providerFor('v2').revokeSchedule({ key: v2Card.billingKey, scheduleId: next?.scheduleId ?? '' })).toBe(
    true,
  );
});
