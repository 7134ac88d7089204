// Customer actions of the model-based money test: register a card (key-in or window, sometimes a
// window that charges money), buy now, window checkout (sometimes tampered, the browser returning
// once, twice or never), subscribe, cancel, resume, change card, remove card, a card window left
// open and completed later, 회원탈퇴 (sometimes with a key-in in flight).

import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { subscriptions } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { withdrawAccount } from '@/lib/withdrawal/withdraw';
import { cardFields, TEST_CARDS, type TestCard } from '@/test/emulator/kit';
import { CARD_CONSENT, keyIn } from '@/test/kits/cards';
import { buyNowAnswer, cancelNowAnswer, noteAnswer, subscribeAnswer } from './answers';
import { actor, command, index, pick } from './command';
import type { World } from './world';

/** The test cards a step registers with: mostly approved, some that fail at once or later. */
export const testCard = fc.constantFrom<TestCard>(
  'approved',
  'approved',
  'approved',
  'firstChargeOnly',
  'insufficientBalance',
  'issuerUnreachable',
  'refused',
);
export const product = fc.constantFrom('drip-bag-20', 'ceramic-mug', 'house-blend-1kg');
// tasting-club starts with a 14-day free trial (once per person), then renews as a monthly plan.
// hourly-demo is a service (cancel-now refunds pro rata); the coffee plans are goods (the kit sends
// a delivery address; a paid period has shipped, so cancel-now refunds none of it: I9).
const plan = fc.constantFrom('hourly-demo', 'hourly-demo', 'monthly-beans', 'tasting-club');
const key = () => crypto.randomUUID();

const registerKeyIn = fc
  .tuple(actor, testCard)
  .map(([a, card]) =>
    command(`key-in card ${card} (actor ${a})`, (w) => w.actors[a]?.customer.keyIn(keyIn(TEST_CARDS[card])) ?? 0),
  );

const registerInWindow = fc.tuple(actor, testCard, fc.constantFrom(0, 0, 0, 50_000)).map(([a, card, amount]) =>
  command(`window card ${card}, amount ${amount} (actor ${a})`, async (w) => {
    const customer = w.actors[a]?.customer;
    if (!customer) return;
    const registration = await customer.startWindow();
    if (!registration) return;
    const { rsp } = await w.app
      .emulator()
      .completeWindowPayment({
        pg: registration.pg,
        merchant_uid: registration.merchantUid,
        customer_uid: registration.customerUid,
        amount,
        name: registration.name,
        ...cardFields(card),
      })
      .catch(() => ({ rsp: { imp_uid: null } }));
    if (rsp.imp_uid) await customer.verify({ customer_uid: registration.customerUid, imp_uid: rsp.imp_uid });
  }),
);

const buyNow = fc.tuple(actor, product).map(([a, p]) =>
  command(`buy now ${p} (actor ${a})`, async (w) => {
    const response = await w.actors[a]?.shopper.buyNowRaw({ productId: p, idempotencyKey: key() });
    await noteAnswer(w, `buy now ${p}`, response, buyNowAnswer);
    return response;
  }),
);

/** A window checkout: the window paid (or its amount tampered with), the browser returning once, twice or never. */
const windowCheckout = fc
  .tuple(actor, product, testCard, fc.constantFrom(0, 0, 0, 1), fc.constantFrom(0, 1, 1, 2))
  .map(([a, p, card, tamper, returns]) =>
    command(
      `window checkout ${p} with ${card}${tamper ? ', amount tampered' : ''}, returns ${returns}x (actor ${a})`,
      async (w) => {
        const shopper = w.actors[a]?.shopper;
        if (!shopper) return;
        const checkout = await shopper.startCheckout(p);
        if (!checkout) return;
        const { rsp } = await shopper.payInWindow(w.emulator, checkout, card, checkout.amount + tamper * 1000);
        for (let i = 0; i < returns && rsp.imp_uid; i++) {
          await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
        }
      },
    ),
  );

const subscribe = fc.tuple(actor, plan).map(([a, p]) =>
  command(`subscribe ${p} (actor ${a})`, async (w) => {
    const response = await w.actors[a]?.subscriber.subscribeRaw({ planId: p, idempotencyKey: key() });
    await noteAnswer(w, `subscribe ${p}`, response, subscribeAnswer);
    return response;
  }),
);

/** A goods plan without a delivery address: refused (I9 finds a goods subscription without one). */
const subscribeWithoutAddress = fc.tuple(actor, fc.constantFrom('monthly-beans', 'tasting-club')).map(([a, p]) =>
  command(
    `subscribe ${p} without an address (actor ${a})`,
    // `shipping: undefined` leaves the JSON without one; the kit adds none when the key is there.
    (w) => w.actors[a]?.subscriber.subscribeRaw({ planId: p, idempotencyKey: key(), shipping: undefined }) ?? 0,
  ),
);

/**
 * Goods, then cancel now: subscribes to the coffee (with an address) and cancels it now at once or
 * after the clock has moved in other steps — the live goods subscription is picked among the
 * actor's. Its paid period has shipped, so I9 holds cancel-now to no refund of it.
 */
const goodsCancelNow = fc.tuple(actor, fc.boolean()).map(([a, fresh]) =>
  command(`goods: ${fresh ? 'subscribe to monthly-beans, then ' : ''}cancel now (actor ${a})`, async (w) => {
    const subscriber = w.actors[a]?.subscriber;
    if (!subscriber) return;
    if (fresh) await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: key() });
    const live = ((await subscriber.list()) ?? []).find(
      (s) => s.planKind === 'goods' && (s.status === 'active' || s.status === 'past_due'),
    );
    if (!live) return;
    const response = await subscriber.cancelNow(live.id);
    await noteAnswer(w, `goods cancel now ${live.id}`, response, cancelNowAnswer(live.id));
    if (response.ok && !w.cancelledAt.has(live.id)) w.cancelledAt.set(live.id, await w.emulator.now());
  }),
);

/** Acts on one of the actor's subscriptions (picked among those that exist). */
const onSubscription = (verb: string, act: (w: World, a: number, id: string, cardIndex: number) => Promise<unknown>) =>
  fc.tuple(actor, index, index).map(([a, s, c]) =>
    command(`${verb} subscription #${s} (actor ${a})`, async (w) => {
      const subscriber = w.actors[a]?.subscriber;
      // A withdrawn actor's list is refused (401): nothing to act on.
      const target = subscriber && pick((await subscriber.list()) ?? [], s);
      if (target) await act(w, a, target.id, c);
    }),
  );

const cancel = onSubscription('cancel', async (w, a, id) => {
  const response = await w.actors[a]?.subscriber.cancel(id);
  if (response?.ok && !w.cancelledAt.has(id)) w.cancelledAt.set(id, await w.emulator.now());
});
const cancelNow = onSubscription('cancel now', async (w, a, id) => {
  const response = await w.actors[a]?.subscriber.cancelNow(id);
  await noteAnswer(w, `cancel now ${id}`, response, cancelNowAnswer(id));
  if (response?.ok && !w.cancelledAt.has(id)) w.cancelledAt.set(id, await w.emulator.now());
});
const resume = onSubscription('resume', async (w, a, id) => {
  if ((await w.actors[a]?.subscriber.resume(id))?.ok) w.cancelledAt.delete(id);
});
const changeCard = onSubscription('change card of', async (w, a, id, c) => {
  const cards = (await w.actors[a]?.customer.cards()) ?? [];
  const card = pick(cards, c);
  if (card) await w.actors[a]?.subscriber.changeCard(id, card.id);
});
const removeCard = fc.tuple(actor, index).map(([a, c]) =>
  command(`remove card #${c} (actor ${a})`, async (w) => {
    const card = pick((await w.actors[a]?.customer.cards()) ?? [], c);
    if (card) await w.actors[a]?.customer.remove(card.id);
  }),
);

/** A card window opened and left open (the customer went away, or is still typing). */
const leaveWindowOpen = actor.map((a) =>
  command(`open a card window and leave it (actor ${a})`, async (w) => {
    const registration = await w.actors[a]?.customer.startWindowRaw({ consent: CARD_CONSENT });
    if (registration?.status === 201) w.openWindows.push({ actor: a, ...(await registration.json()).registration });
  }),
);

/** A window left open completes now (perhaps after 회원탈퇴); the browser returns, or not. */
const completeOpenWindow = fc.tuple(index, fc.boolean()).map(([k, returns]) =>
  command(`complete window left open #${k}${returns ? '' : ', browser gone'}`, async (w) => {
    const open = pick(w.openWindows, k);
    if (!open) return;
    w.openWindows.splice(w.openWindows.indexOf(open), 1);
    const customer = w.actors[open.actor]?.customer;
    if (!customer) return;
    const { rsp } = await customer.completeWindow(w.app.emulator(), open).catch(() => ({ rsp: { imp_uid: null } }));
    if (returns && rsp.imp_uid) await customer.verify({ customer_uid: open.customerUid, imp_uid: rsp.imp_uid });
  }),
);

/** 회원탈퇴 (password confirmed), sometimes while a key-in registration is on its way. */
const withdraw = fc.tuple(actor, fc.boolean()).map(([a, keyingIn]) =>
  command(`withdraw (actor ${a})${keyingIn ? ' while a key-in is in flight' : ''}`, async (w) => {
    const customer = w.actors[a]?.customer;
    const user = customer?.user;
    if (!user) return;
    const withdrawal = withdrawAccount(user).then(
      (report) => {
        w.answers.push({ label: `withdraw ${user.id}`, kind: 'withdrawn', userId: user.id, amount: report.refunded });
      },
      (error: unknown) => {
        // Stopped with a reason (a refund or a deletion the service refused): nothing to check here.
        if (!(error instanceof AppError)) throw error;
      },
    );
    await Promise.all([withdrawal, keyingIn ? customer.keyIn(keyIn(TEST_CARDS.approved)) : undefined]);
    const now = await w.emulator.now();
    const ended = await w.app
      .db()
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'cancelled')));
    for (const { id } of ended) if (!w.cancelledAt.has(id)) w.cancelledAt.set(id, now);
  }),
);

/** The customer's steps that run on either API (the V2 property adds V2's windows: v2-commands.ts). */
export const anyApiCustomerCommands = [
  registerKeyIn,
  buyNow,
  subscribe,
  subscribe,
  subscribeWithoutAddress,
  goodsCancelNow,
  cancel,
  cancelNow,
  resume,
  changeCard,
  removeCard,
  withdraw,
];

// In the order they always had: a seed replays the same sequence as before.
export const customerCommands = [
  registerKeyIn,
  registerInWindow,
  buyNow,
  windowCheckout,
  subscribe,
  subscribe,
  subscribeWithoutAddress,
  goodsCancelNow,
  cancel,
  cancelNow,
  resume,
  changeCard,
  removeCard,
  leaveWindowOpen,
  completeOpenWindow,
  withdraw,
];
