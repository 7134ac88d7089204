// Service events and operator runs of the model-based money test: the clock moving, notices
// delivered twice / late / never or redelivered out of order, faults on the calls that move money
// and on reads, refunds made with their answers lost, payments under our order numbers we never asked for, refunds from the service's
// console, reconciliation, and races of browser return, notice and reconciliation.
import fc from 'fast-check';
import { mintServiceId } from '@/lib/payments/ids';
import { deliverWebhook } from '@/test/app-bridge';
import { cardFields } from '@/test/emulator/kit';
import { actor, command, index } from './command';
import { reconcileNow } from './settle-all';
import { MODEL_TIMEOUT_MS } from './world';

const advance = fc
  .constantFrom(30, 90, 1_800, 3_600, 3_700, 86_400, 3 * 86_400, 31 * 86_400)
  .map((seconds) => command(`advance the clock ${seconds} s`, (w) => w.emulator.advanceClock(seconds)));

/** How the next notices are delivered: twice, late (virtual seconds) or never. */
const deliverySwitch = fc
  .tuple(
    fc.constantFrom('twice', 'drop', 'delay', 'normal') as fc.Arbitrary<'twice' | 'drop' | 'delay' | 'normal'>,
    fc.integer({ min: 1, max: 3 }),
  )
  .map(([mode, count]) =>
    command(`next ${count} notice(s): ${mode}`, (w) =>
      w.emulator.setWebhookSwitch(mode === 'delay' ? { mode, count, delay_seconds: 7_200 } : { mode, count }),
    ),
  );

/** An earlier notice delivered again now: late and out of order. */
const redeliver = index.map((k) =>
  command(`redeliver the notice ${k + 1} back`, async (w) => {
    const log = (await w.emulator.webhooks({ limit: k + 1 })).filter((d) => d.event !== 'cvs.confirm');
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

/**
 * A fault on the next refunds (POST /payments/cancel): refused before it is made (503), never
 * answered (drop, hang), or made at the service with its answer lost (`after`: 503, dropped, hung).
 */
const refundFault = fc
  .tuple(
    fc.constantFrom('503', 'drop', 'hang', '503 after', 'drop after', 'hang after'),
    fc.integer({ min: 1, max: 2 }),
  )
  .map(([how, count]) =>
    command(`fault: next ${count} POST /payments/cancel ${how}`, (w) => {
      const [action, after] = how.split(' ');
      return w.app.emulator().injectFault({
        method: 'POST',
        path: '/payments/cancel',
        action: action as '503' | 'drop' | 'hang',
        after: after === 'after',
        count,
      });
    }),
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
    const payments = (await w.emulator.payments()).filter(
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

/** A refund from the service's console of one of the actor's paid orders (its notice may be lost). */
const consoleRefund = fc.tuple(actor, index).map(([a, o]) =>
  command(`console refund of paid order #${o} (actor ${a})`, async (w) => {
    const db = w.app.db();
    const paid = await db.query.orders.findMany({
      where: (t, { and, eq }) => and(eq(t.userId, w.actors[a]?.customer.user.id ?? ''), eq(t.status, 'paid')),
    });
    const target = paid[o % Math.max(paid.length, 1)];
    if (target?.impUid)
      await w.app
        .client()
        .payments.cancel({ imp_uid: target.impUid, reason: '콘솔 환불' })
        .catch(() => undefined);
  }),
);

/** The service's events that run on either API (V2's faults, console refund and race: v2-commands.ts). */
export const anyApiServiceCommands = [advance, advance, advance, deliverySwitch, redeliver, reconcile];

// In the order they always had: a seed replays the same sequence as before.
export const serviceCommands = [
  advance,
  advance,
  advance,
  deliverySwitch,
  redeliver,
  fault,
  refundFault,
  strayPayment,
  consoleRefund,
  reconcile,
  race,
];
