// The detector of I12 tried on what it must find (as the import-cycle detector is): a trial's
// conversion charged with no consent, with one given before its window, and a rise charged without a
// yes — booked straight at the service, past every gate of the app. With a yes inside the window it
// finds nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { consents, planPrices, priceChangeRequests, subscriptions } from '@/lib/db/schema';
import { iamport } from '@/lib/iamport';
import { startAppBridge } from '@/test/app-bridge';
import { setupTestDatabase } from '@/test/db';
import { TEST_CARDS, type WebhookReceiver } from '@/test/emulator/kit';
import { keyIn } from '@/test/kits/cards';
import { consentViolations } from './consent-invariant';
import { freshWorld, type World } from './world';

const DAY = 86_400;
const database = setupTestDatabase();
let bridge: WebhookReceiver;
let world: World | undefined;
beforeAll(async () => {
  bridge = await startAppBridge();
});
afterAll(async () => {
  await world?.close();
  await bridge?.close();
});

/** A charge booked at the service behind the app's back (as trials were before issue 33). */
async function bookedBehindTheGate(customerUid: string, subscriptionId: string, at: number, amount: number) {
  const { insertCharge } = await import('@/lib/subscriptions/repository');
  const charge = await insertCharge({
    subscriptionId,
    kind: 'renewal',
    periodStart: at,
    periodEnd: at + 30 * DAY,
    scheduleAt: at,
    amount,
    customerUid,
    status: 'scheduled',
  });
  await iamport().schedules.create({
    customer_uid: customerUid,
    schedules: [{ merchant_uid: charge?.merchantUid ?? '', schedule_at: at, amount, name: 'behind the gate' }],
  });
}

/** A trial's first charge booked at the service behind the app's back. */
async function trialBookedBehindTheGate(w: World, amount = 24_900) {
  const actor = w.actors[0];
  if (!actor) throw new Error('no actor');
  expect((await actor.customer.keyIn(keyIn(TEST_CARDS.approved))).status).toBe(201);
  const s = await actor.subscriber.subscribe('tasting-club');
  const [card] = await w.app
    .db()
    .query.cards.findMany({ where: (c, { eq: is }) => is(c.userId, actor.customer.user.id) });
  const trialEnd = s.trialEndsAt ?? 0;
  await bookedBehindTheGate(card?.customerUid ?? '', s.id, trialEnd, amount);
  return { s, actor, trialEnd, customerUid: card?.customerUid ?? '' };
}

it('finds a trial charged with no consent, or with a yes given before its window', async () => {
  world = await freshWorld(database.current().db, bridge, world);
  const { s, actor, trialEnd } = await trialBookedBehindTheGate(world);
  // A yes dated before the window does not count either.
  await world.app
    .db()
    .insert(consents)
    .values({
      userId: actor.customer.user.id,
      kind: 'trial_conversion',
      termsVersion: 'test',
      textSha256: '0'.repeat(64),
      subjectId: s.id,
      givenAt: trialEnd - 31 * DAY,
    });
  await world.emulator.advanceClock(15 * DAY);
  const found = await consentViolations(world);
  expect(found).toHaveLength(1);
  expect(found[0]).toMatch(/^I12 .*trial .* charged 24900 .*a yes given at/);
});

it('finds a rise charged without a yes; a yes inside the window clears both', async () => {
  world = await freshWorld(database.current().db, bridge, world);
  const { s, actor, trialEnd } = await trialBookedBehindTheGate(world, 25_900);
  await world.app.db().update(subscriptions).set({ trialEndsAt: null }).where(eq(subscriptions.id, s.id));
  await world.emulator.advanceClock(15 * DAY);
  expect(await consentViolations(world)).toEqual([
    expect.stringMatching(/^I12 .*tasting-club charged 25900 after 24900/),
  ]);
  // The same charge with the customer's yes to the conversion inside its window: nothing found.
  await world.app.db().update(subscriptions).set({ trialEndsAt: trialEnd }).where(eq(subscriptions.id, s.id));
  await world.app
    .db()
    .insert(consents)
    .values({
      userId: actor.customer.user.id,
      kind: 'trial_conversion',
      termsVersion: 'test',
      textSha256: '0'.repeat(64),
      subjectId: s.id,
      givenAt: trialEnd - DAY,
    });
  expect((await consentViolations(world)).filter((v) => v.includes('trial'))).toEqual([]);
});

it('finds a raised price charged again after a no, though a yes inside the window paid its first period', async () => {
  world = await freshWorld(database.current().db, bridge, world);
  const { s, actor, trialEnd, customerUid } = await trialBookedBehindTheGate(world, 25_900);
  const db = world.app.db();
  await db.update(subscriptions).set({ trialEndsAt: null }).where(eq(subscriptions.id, s.id));
  const [price] = await db
    .insert(planPrices)
    .values({ planId: 'tasting-club', version: 99, amount: 25_900, effectiveFrom: trialEnd })
    .returning();
  const [request] = await db
    .insert(priceChangeRequests)
    .values({
      subscriptionId: s.id,
      planPriceId: price?.id ?? '',
      oldAmount: 24_900,
      newAmount: 25_900,
      effectiveFrom: trialEnd,
      requestedAt: trialEnd - 40 * DAY,
    })
    .returning();
  const answer = (agreed: boolean, givenAt: number) =>
    db.insert(consents).values({
      userId: actor.customer.user.id,
      kind: 'price_change',
      agreed,
      termsVersion: 'test',
      textSha256: '0'.repeat(64),
      subjectId: request?.id,
      givenAt,
    });
  await answer(true, trialEnd - DAY);
  await world.emulator.advanceClock(15 * DAY);
  expect(await consentViolations(world)).toEqual([]);

  // The customer takes the yes back; the next period is charged the raised price all the same.
  await answer(false, await world.emulator.now());
  await bookedBehindTheGate(customerUid, s.id, trialEnd + 30 * DAY, 25_900);
  await world.emulator.advanceClock(31 * DAY);
  expect(await consentViolations(world)).toEqual([
    expect.stringMatching(/^I12 .*tasting-club charged 25900 after 25900 \(agreed 24900\).* a no given at/),
  ]);
});
