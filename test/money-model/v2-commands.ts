// The model's steps that differ on PortOne V2 (issue 37), for the V2 property: cards registered in
// V2's billing-key window (the service issues the key; no amount is ever charged there), a window
// left open and completed later, window checkout on V2 (paymentId = our order number, its amount
// pre-registered), faults on V2's paths, a refund made from the service's console, a payment under
// our order numbers we never asked for (the V2 sweep gives it back), and the race of
// the browser's return, a notice and reconciliation. The steps that do not depend on the API
// (buy now, subscriptions, refunds, the clock, notices, the console) are V1's files, unchanged.
import { PortOneClient } from '@portone/server-sdk';
import fc from 'fast-check';
import { WALLET_PHONES } from '@/emulator/core/service/wallets';
import { issueBillingKeyInWindow, payInWindow, type WindowMeans } from '@/emulator/v2/service/windows';
import type { RegistrationAnswer } from '@/lib/cards/card-view';
import type { CheckoutAnswer } from '@/lib/orders/order-view';
import { mintServiceId } from '@/lib/payments/ids';
import { TEST_CARDS, type TestCard } from '@/test/emulator/kit';
import { CARD_CONSENT } from '@/test/kits/cards';
import { newKey } from '@/test/kits/orders';
import { payInV2Window } from '@/test/kits/v2';
import { actor, command, index, pick } from './command';
import { product, testCard } from './customer-commands';
import { reconcileNow } from './settle-all';
import type { World } from './world';
import { MODEL_TIMEOUT_MS } from './world';

type V2Registration = Extract<RegistrationAnswer, { api: 'v2' }>;

const means = (card: TestCard): WindowMeans => ({
  card: { number: TEST_CARDS[card], expiryYear: '99', expiryMonth: '12' },
});

/** V2 registrations started and not completed yet, per run (with whose they are). */
const openV2Windows = new WeakMap<World, (V2Registration & { actor: number })[]>();
const openOf = (w: World) => {
  const open = openV2Windows.get(w) ?? [];
  openV2Windows.set(w, open);
  return open;
};

/** The V2 billing-key window completed for `registration`; the key, or null when the window refused. */
function issue(w: World, registration: V2Registration, with_: WindowMeans): string | null {
  const result = issueBillingKeyInWindow(w.emulator.core, w.emulator.merchant.code, {
    channelKey: registration.channelKey,
    customer: { id: registration.customer.customerId },
    means: with_,
  });
  return result.status === 'ISSUED' ? result.billingKey.billing_key : null;
}

async function startV2Window(w: World, a: number, method: 'card' | 'kakaopay') {
  const customer = w.actors[a]?.customer;
  const response = await customer?.startWindowRaw({ consent: CARD_CONSENT, method });
  if (response?.status !== 201) return undefined;
  const { registration } = (await response.json()) as { registration: RegistrationAnswer };
  if (registration.api !== 'v2') throw new Error(`a V2 run answered a ${registration.api} registration`);
  return registration;
}

/** Start → V2 window (a card, or KakaoPay) → verify; the browser may not come back. */
export const registerInV2WindowWith = (a: number, card: TestCard | 'kakaopay', returns: boolean) =>
  command(`V2 window card ${card}${returns ? '' : ', browser gone'} (actor ${a})`, async (w) => {
    const method = card === 'kakaopay' ? 'kakaopay' : 'card';
    const registration = await startV2Window(w, a, method);
    if (!registration) return;
    const key = issue(w, registration, card === 'kakaopay' ? { phone: WALLET_PHONES.approved } : means(card));
    if (key && returns)
      return w.actors[a]?.customer.verify({ customer_uid: registration.customerUid, billingKey: key });
  });
const registerInV2Window = fc
  .tuple(actor, fc.oneof(testCard, fc.constant('kakaopay' as const)), fc.constantFrom(true, true, true, false))
  .map(([a, card, returns]) => registerInV2WindowWith(a, card, returns));

/** A V2 card window opened and left open (the customer went away, or is still typing). */
export const openV2WindowAndLeave = (a: number) =>
  command(`open a V2 card window and leave it (actor ${a})`, async (w) => {
    const registration = await startV2Window(w, a, 'card');
    if (registration) openOf(w).push({ ...registration, actor: a });
  });
const leaveV2WindowOpen = actor.map(openV2WindowAndLeave);

/** A V2 window left open completes now (perhaps after 회원탈퇴); the browser returns, or not. */
export const completeV2Window = (k: number, returns: boolean) =>
  command(`complete V2 window left open #${k}${returns ? '' : ', browser gone'}`, async (w) => {
    const open = openOf(w);
    const target = pick(open, k);
    if (!target) return;
    open.splice(open.indexOf(target), 1);
    const key = issue(w, target, means('approved'));
    if (key && returns)
      return w.actors[target.actor]?.customer.verify({ customer_uid: target.customerUid, billingKey: key });
  });
const completeV2OpenWindow = fc.tuple(index, fc.boolean()).map(([k, returns]) => completeV2Window(k, returns));

/** Window checkout on V2: the window paid (a tampered amount is refused by the service), the browser returning 0–2 times. */
const v2WindowCheckout = fc
  .tuple(actor, product, testCard, fc.constantFrom(0, 0, 0, 1), fc.constantFrom(0, 1, 1, 2))
  .map(([a, p, card, tamper, returns]) =>
    command(
      `V2 window checkout ${p} with ${card}${tamper ? ', amount tampered' : ''}, returns ${returns}x (actor ${a})`,
      async (w) => {
        const shopper = w.actors[a]?.shopper;
        const response = await shopper?.checkoutRaw({ productId: p, idempotencyKey: newKey() });
        if (!shopper || response?.status !== 200) return response;
        const { checkout } = (await response.json()) as { checkout: CheckoutAnswer };
        if (checkout.api !== 'v2') throw new Error(`a V2 run answered a ${checkout.api} checkout`);
        try {
          payInV2Window(w.emulator, { ...checkout, totalAmount: checkout.totalAmount + tamper * 1000 }, means(card));
        } catch {
          return; // refused by the service (another amount than pre-registered): nothing paid
        }
        for (let i = 0; i < returns; i++)
          await shopper.verify({ merchant_uid: checkout.merchantUid, paymentId: checkout.paymentId });
      },
    ),
  );

// V2's paths (api.portone.io): every money move is a POST under /payments/{id}/… (a billing key's
// charge, a refund, a booking, a pre-registration); reads are GETs of /payments/{id} and
// /payment-schedules/{id}; a booking is revoked with DELETE /payment-schedules, a key deleted with
// DELETE /billing-keys/{key} and issued (key-in) with POST /billing-keys.
const V2_FAULT_PATHS = [
  ['POST', '/payments/*'],
  ['GET', '/payments/*'],
  ['GET', '/payment-schedules/*'],
  ['DELETE', '/payment-schedules'],
  ['DELETE', '/billing-keys/*'],
  ['POST', '/billing-keys'],
] as const;

/** The next V2 requests of one kind fail: refused (500, 503), never answered (hang, drop), processed with the answer lost (late, `after`). */
const v2Fault = fc
  .tuple(
    fc.constantFrom(...V2_FAULT_PATHS),
    fc.constantFrom('500', '503', 'drop', 'late', 'late', 'hang', '503 after', 'drop after'),
    fc.integer({ min: 1, max: 3 }),
  )
  .map(([[method, path], how, count]) =>
    command(`fault: next ${count} ${method} ${path} ${how}`, (w) => {
      const [action, after] = how.split(' ');
      return w.emulator.injectFault(
        action === 'late'
          ? { method, path, action: 'delay', delay_ms: MODEL_TIMEOUT_MS + 300, count }
          : { method, path, action: action as '500' | '503' | 'drop' | 'hang', after: after === 'after', count },
      );
    }),
  );

/** A refund from the service's console of one of the actor's paid orders (its notice may be lost). */
const v2ConsoleRefund = fc.tuple(actor, index).map(([a, o]) =>
  command(`V2 console refund of paid order #${o} (actor ${a})`, async (w) => {
    const paid = await w.app.db().query.orders.findMany({
      where: (t, { and, eq }) => and(eq(t.userId, w.actors[a]?.customer.user.id ?? ''), eq(t.status, 'paid')),
    });
    const target = paid[o % Math.max(paid.length, 1)];
    if (!target?.impUid) return;
    // The console is the service's, not the app: its own client, not the app's provider.
    const console = PortOneClient({ secret: 'test_v2_api_secret', baseUrl: w.emulator.v2Url });
    await console.payment.cancelPayment({ paymentId: target.impUid, reason: '콘솔 환불' }).catch(() => undefined);
  }),
);

/**
 * Money paid on V2 under one of our order numbers that we never asked for (V1's strayPayment): a
 * window paid with a fresh order number, or a paid order's number with another amount. Its notice
 * names no order here; reconciliation's sweep of V2's payments gives it back.
 */
export const strayV2Payment = (a: number, where: 'order' | 'fresh') =>
  command(`a V2 payment we never asked for (${where}, actor ${a})`, async (w) => {
    const orders = (await w.actors[a]?.shopper.orders()) ?? [];
    const paymentId = where === 'order' && orders[0] ? orders[0].merchantUid : mintServiceId('ord');
    try {
      payInWindow(w.emulator.core, w.emulator.merchant.code, {
        channelKey: null,
        request: { paymentId, orderName: '?', total: 4_321, currency: 'KRW' },
        means: means('approved'),
      });
    } catch {
      // Refused by the service (that paymentId is paid or pre-registered with another amount): nothing paid.
    }
  });
const v2StrayPayment = fc
  .tuple(actor, fc.constantFrom<'order' | 'fresh'>('order', 'fresh'))
  .map(([a, where]) => strayV2Payment(a, where));

/**
 * The browser's return, the newest notice delivered again and reconciliation racing for the newest
 * V2 window payment: the scheduler decides the order in which they start.
 */
const v2Race = fc.tuple(fc.scheduler(), actor).map(([s, a]) => ({
  ...command(`race: browser return, notice, reconcile on V2 (actor ${a}); ${s}`, async (w) => {
    const shopper = w.actors[a]?.shopper;
    const latest = [...w.emulator.core.store.v2Payments.values()]
      .filter((p) => p.payment_id.startsWith('ord_') && p.platform !== 'API')
      .sort((x, y) => x.seq - y.seq)
      .at(-1);
    const [notice] = await w.emulator.webhooks({ limit: 1 });
    if (!shopper || !latest) return;
    const tasks: [string, () => Promise<unknown>][] = [
      ['browser return', () => shopper.verify({ merchant_uid: latest.payment_id, paymentId: latest.payment_id })],
      ['notice', async () => notice && w.emulator.redeliverWebhook(notice.id).catch(() => undefined)],
      ['reconcile', () => reconcileNow(w)],
    ];
    const started = tasks.map(([label, task]) => s.schedule(Promise.resolve(label), label).then(task));
    await s.waitFor(Promise.all(started));
  }),
  toString: () => `race of browser return, notice and reconciliation on V2 (actor ${a}): ${String(s)}`,
}));

export const v2Commands = [
  registerInV2Window,
  registerInV2Window,
  leaveV2WindowOpen,
  completeV2OpenWindow,
  v2WindowCheckout,
  v2Fault,
  v2Fault,
  v2ConsoleRefund,
  v2StrayPayment,
  v2Race,
];
