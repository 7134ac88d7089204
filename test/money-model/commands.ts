// The commands of the model-based money test: customer actions, service events (clock, notices
// delivered once / twice / late / out of order / never, faults) and operator reconciliation, each
// run on the real stack. Targets (which card, which subscription) are picked among what exists
// when the command runs, so every sequence is valid and shrinks well.
import fc from 'fast-check';
import { cardFields, TEST_CARDS, type TestCard } from '@/emulator/testing';
import { keyIn } from '@/lib/cards/cards-test-kit';
import { mintServiceId } from '@/lib/payments/ids';
import { deliverWebhook } from '@/test/app-bridge';
import { reconcileNow } from './settle-all';
import { MODEL_TIMEOUT_MS, type World } from './world';

export type Model = Record<string, never>;
export type MoneyCommand = fc.AsyncCommand<Model, World, false>;

const command = (label: string, act: (world: World) => unknown): MoneyCommand => ({
  check: () => true,
  run: async (_model, world) => {
    world.log.push(label);
    const result = await act(world);
    // Whatever the service does, the app answers with a refusal it can explain (503 at worst), never a crash.
    if (result instanceof Response && result.status >= 500 && result.status !== 503) {
      throw new Error(`${label}: HTTP ${result.status} ${await result.text()}`);
    }
  },
  toString: () => label,
});

const pick = <T>(list: T[], index: number): T | undefined => list[index % Math.max(list.length, 1)];
const actor = fc.nat({ max: 1 });
const index = fc.nat({ max: 3 });
const testCard = fc.constantFrom<TestCard>(
  'approved',
  'approved',
  'approved',
  'firstChargeOnly',
  'insufficientBalance',
  'issuerUnreachable',
  'refused',
);
const product = fc.constantFrom('drip-bag-20', 'ceramic-mug', 'house-blend-1kg');
const plan = fc.constantFrom('hourly-demo', 'hourly-demo', 'monthly-beans');
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

const buyNow = fc
  .tuple(actor, product)
  .map(([a, p]) =>
    command(
      `buy now ${p} (actor ${a})`,
      (w) => w.actors[a]?.shopper.buyNowRaw({ productId: p, idempotencyKey: key() }) ?? 0,
    ),
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
        const { rsp } = await shopper.payInWindow(w.app.emulator(), checkout, card, checkout.amount + tamper * 1000);
        for (let i = 0; i < returns && rsp.imp_uid; i++) {
          await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
        }
      },
    ),
  );

const subscribe = fc
  .tuple(actor, plan)
  .map(([a, p]) =>
    command(
      `subscribe ${p} (actor ${a})`,
      (w) => w.actors[a]?.subscriber.subscribeRaw({ planId: p, idempotencyKey: key() }) ?? 0,
    ),
  );

/** Acts on one of the actor's subscriptions (picked among those that exist). */
const onSubscription = (verb: string, act: (w: World, a: number, id: string, cardIndex: number) => Promise<unknown>) =>
  fc.tuple(actor, index, index).map(([a, s, c]) =>
    command(`${verb} subscription #${s} (actor ${a})`, async (w) => {
      const subscriber = w.actors[a]?.subscriber;
      const target = subscriber && pick(await subscriber.list(), s);
      if (target) await act(w, a, target.id, c);
    }),
  );

const cancel = onSubscription('cancel', async (w, a, id) => {
  const response = await w.actors[a]?.subscriber.cancel(id);
  if (response?.ok && !w.cancelledAt.has(id)) w.cancelledAt.set(id, await w.app.emulator().now());
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

const advance = fc
  .constantFrom(30, 90, 1_800, 3_600, 3_700, 86_400, 3 * 86_400, 31 * 86_400)
  .map((seconds) => command(`advance the clock ${seconds} s`, (w) => w.app.emulator().advanceClock(seconds)));

/** How the next notices are delivered: twice, late (virtual seconds) or never. */
const deliverySwitch = fc
  .tuple(
    fc.constantFrom('twice', 'drop', 'delay', 'normal') as fc.Arbitrary<'twice' | 'drop' | 'delay' | 'normal'>,
    fc.integer({ min: 1, max: 3 }),
  )
  .map(([mode, count]) =>
    command(`next ${count} notice(s): ${mode}`, (w) =>
      w.app.emulator().setWebhookSwitch(mode === 'delay' ? { mode, count, delay_seconds: 7_200 } : { mode, count }),
    ),
  );

/** An earlier notice delivered again now: late and out of order. */
const redeliver = index.map((k) =>
  command(`redeliver the notice ${k + 1} back`, async (w) => {
    const log = (await w.app.emulator().webhooks({ limit: k + 1 })).filter((d) => d.event !== 'cvs.confirm');
    const target = log[0];
    if (target)
      await w.app
        .emulator()
        .redeliverWebhook(target.id)
        .catch(() => undefined);
  }),
);

const FAULT_PATHS = [
  ['POST', '/subscribe/payments/again'],
  ['POST', '/subscribe/payments/schedule'],
  ['POST', '/subscribe/payments/unschedule'],
  ['POST', '/payments/cancel'],
  ['GET', '/payments/*'],
  ['GET', '/subscribe/payments/schedule/*'],
] as const;
/** The next requests of one kind fail: refused (500, 503), never answered (hang, drop), or answered after the client gave up (late: processed, answer lost). */
const fault = fc
  .tuple(
    fc.constantFrom(...FAULT_PATHS),
    fc.constantFrom('500', '503', 'drop', 'late', 'late', 'hang'),
    fc.integer({ min: 1, max: 3 }),
  )
  .map(([[method, path], action, count]) =>
    command(`fault: next ${count} ${method} ${path} ${action}`, (w) =>
      w.app
        .emulator()
        .injectFault(
          action === 'late'
            ? { method, path, action: 'delay', delay_ms: MODEL_TIMEOUT_MS + 300, count }
            : { method, path, action: action as '500' | '503' | 'drop' | 'hang', count },
        ),
    ),
  );

/** Money at the service under one of our order numbers that we never asked for. */
const strayPayment = fc.tuple(actor, fc.constantFrom('order', 'fresh')).map(([a, where]) =>
  command(`a payment we never asked for (${where}, actor ${a})`, async (w) => {
    const orders = (await w.actors[a]?.shopper.orders()) ?? [];
    const merchantUid = where === 'order' && orders[0] ? orders[0].merchantUid : mintServiceId('ord');
    await w.app
      .client()
      .charges.onetime({ merchant_uid: merchantUid, amount: 4_321, name: '?', ...cardFields() })
      .catch(() => undefined);
  }),
);

const reconcile = fc.constant(command('operator: reconcile', (w) => reconcileNow(w)));

/**
 * The browser's return, the notice and reconciliation racing for the newest window payment: the
 * scheduler decides the order in which they start; they then overlap on the real stack.
 */
const race = fc.tuple(fc.scheduler(), actor).map(([s, a]) => ({
  ...command(`race: browser return, notice, reconcile (actor ${a}); ${s}`, async (w) => {
    const shopper = w.actors[a]?.shopper;
    const payments = (await w.app.emulator().payments()).filter(
      (p) => p.merchant_uid.startsWith('ord_') && p.pay_method === 'card' && p.channel !== 'api',
    );
    const latest = payments.at(-1);
    if (!shopper || !latest) return;
    const tasks: [string, () => Promise<unknown>][] = [
      ['browser return', () => shopper.verify({ merchant_uid: latest.merchant_uid, imp_uid: latest.imp_uid })],
      [
        'notice',
        () =>
          deliverWebhook(
            JSON.stringify({ imp_uid: latest.imp_uid, merchant_uid: latest.merchant_uid, status: latest.status }),
          ),
      ],
      ['reconcile', () => reconcileNow(w)],
    ];
    const started = tasks.map(([label, task]) => s.schedule(Promise.resolve(label), label).then(task));
    await s.waitFor(Promise.all(started));
  }),
  toString: () => `race of browser return, notice and reconciliation (actor ${a}): ${String(s)}`,
}));

export const moneyCommands = [
  registerKeyIn,
  registerInWindow,
  buyNow,
  windowCheckout,
  subscribe,
  subscribe,
  cancel,
  resume,
  changeCard,
  removeCard,
  advance,
  advance,
  advance,
  deliverySwitch,
  redeliver,
  fault,
  strayPayment,
  reconcile,
  race,
];
