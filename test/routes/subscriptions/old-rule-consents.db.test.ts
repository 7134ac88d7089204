// Issue 33 review: a price consent given under the old rule (at the announcement, before the 30-day
// window) must not let the raised price charge after the deploy — even where the app of the time had
// already booked the renewal at it. Migration 0020 asks such a consent again; the reconciliation then
// withholds the booking and takes it back at the service; a new yes inside the window charges it.
import { eq, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { expect, it } from 'vitest';
import { POST as answerRoute } from '@/app/api/subscriptions/price-changes/[id]/route';
import { migrationsFolder } from '@/lib/db/migrate';
import { priceChangeRequests } from '@/lib/db/schema';
import { pendingPriceChanges } from '@/lib/subscriptions/price-asks';
import { setPlanPrice } from '@/lib/subscriptions/price-changes';
import { reconcileSubscriptions } from '@/lib/subscriptions/reconcile';
import { openChargeOf } from '@/lib/subscriptions/repository';
import { pageRequest } from '@/test/factories';
import { DAY, HOUR, Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();

const answer = (subscriber: Subscriber, id: string, body: unknown) =>
  answerRoute(
    pageRequest(`/api/subscriptions/price-changes/${id}`, { method: 'POST', body, cookie: subscriber.customer.cookie }),
    { params: Promise.resolve({ id }) },
  );

/** The statements of 0020 that ask old-rule consents again (its last three, after the trial's). */
function reaskStatements(): string[] {
  const migration = readMigrationFiles({ migrationsFolder })[20];
  const statements = migration?.sql.slice(-3) ?? [];
  expect(statements[0]).toContain('given under the old rule');
  return statements;
}

it('an old-rule yes with the renewal booked at the new price: withheld and taken back; a yes in the window charges it', async () => {
  const subscriber = await Subscriber.withCard();
  const s = await subscriber.subscribe('monthly-beans');
  const raised = s.amount + 5_000;
  await setPlanPrice('monthly-beans', raised, (await app.emulator().now()) + 30 * DAY + HOUR);
  const [request] = await pendingPriceChanges(subscriber.user.id);
  if (!request) throw new Error('no price change asked');
  // As the app before the rule left it: a yes at the announcement, the renewal booked at the new price.
  await app.emulator().advanceTo(request.changesAt - 20 * DAY);
  expect((await answer(subscriber, request.id, { consent: { agreed: true } })).status).toBe(200);
  await app
    .db()
    .update(priceChangeRequests)
    .set({ acceptedAt: request.changesAt - 40 * DAY })
    .where(eq(priceChangeRequests.id, request.id));
  const booked = await openChargeOf(s.id);
  expect(booked).toMatchObject({ status: 'scheduled', amount: raised });

  for (const statement of reaskStatements()) await app.db().execute(sql.raw(statement));
  await reconcileSubscriptions();

  expect((await app.emulator().schedule(booked?.merchantUid ?? ''))?.schedule_status).toBe('revoked');
  expect(await subscriber.get(s.id)).toMatchObject({
    amount: s.amount,
    cancelAtPeriodEnd: true,
    endReason: 'price_declined',
    nextCharge: null,
  });
  expect(await pendingPriceChanges(subscriber.user.id)).toEqual([
    expect.objectContaining({ id: request.id, status: 'requested', askOpen: true }),
  ]);

  // Asked again inside the window, the subscriber says yes: charged the new price once, at the change.
  expect((await answer(subscriber, request.id, { consent: { agreed: true } })).status).toBe(200);
  expect(await subscriber.get(s.id)).toMatchObject({ cancelAtPeriodEnd: false, nextCharge: { amount: raised } });
  await app.emulator().advanceTo(request.changesAt + 60);
  const paid = (await app.emulator().payments()).filter(
    (p) => p.buyer_email === subscriber.user.email && p.status === 'paid',
  );
  expect(paid.map((p) => p.amount).sort()).toEqual([s.amount, raised].sort());
});
