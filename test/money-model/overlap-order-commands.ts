// Orders' and payments' money moves fired several times at once (issue 31): operators refunding one
// payment, each naming the balance they saw; an order's cancel tapped again and again; a return
// approved by several operators; buy now with one idempotency key. Each answer of success is kept
// for I10; I11 holds each decision to one movement.
import { and, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { orders, subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { advanceFulfilment } from '@/lib/orders/fulfilment';
import { decideReturn } from '@/lib/orders/returns';
import { refundPayment } from '@/lib/refunds/operator-refund';
import { customerCalls, shipping } from '@/test/kits/fulfilment';
import { buyNowAnswer, noteAnswer, orderCancelAnswer } from './answers';
import { actor, index, pick } from './command';
import { atOnce, lateness, overlapOperator, refusedCleanly, scheduled, times } from './overlap';
import { readPayment } from './service-records';
import type { World } from './world';

/** The actor's paid payments (orders and subscription charges), oldest first. */
async function paidPayments(w: World, userId: string) {
  const db = w.app.db();
  const [own, charged] = await Promise.all([
    db
      .select({ merchantUid: orders.merchantUid, impUid: orders.impUid })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'paid')))
      .orderBy(orders.createdAt),
    db
      .select({
        merchantUid: subscriptionCharges.merchantUid,
        impUid: subscriptionCharges.impUid,
        subscriptionId: subscriptions.id,
      })
      .from(subscriptionCharges)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
      .where(and(eq(subscriptions.userId, userId), eq(subscriptionCharges.status, 'paid')))
      .orderBy(subscriptionCharges.createdAt),
  ]);
  return [...own.map((o) => ({ ...o, subscriptionId: null })), ...charged];
}

/** `n` operators refunding the actor's paid payment #k at once, each naming the balance read once before. */
export const refundsAtOnce = (
  s: fc.Scheduler,
  a: number,
  k: number,
  n: number,
  how: 'part' | 'full' | 'mixed' | 'same',
  late: number[] = [],
) =>
  scheduled(
    s,
    `${n} operators refund (${how}) paid payment #${k} at once, naming one balance (actor ${a})`,
    async (w) => {
      const target = pick(await paidPayments(w, w.actors[a]?.customer.user.id ?? ''), k);
      if (!target?.impUid) return;
      const payment = await readPayment(w, target.impUid).catch(() => undefined);
      const refundable = payment ? payment.amount - payment.cancel_amount : 0;
      if (payment?.status !== 'paid' || refundable <= 0) return;
      // `same`: one amount for all (the lookalikes issue 31 found answered 200 for another's refund).
      const amountOf = (i: number) =>
        how === 'full' || (how === 'mixed' && i % 2 === 1)
          ? refundable
          : Math.min(how === 'same' ? Math.ceil(refundable / 2) : 1_000 * (i + 1), refundable);
      await atOnce(
        s,
        `refund ${target.merchantUid}`,
        Array.from({ length: n }, (_, i) => async () => {
          const request = { amount: amountOf(i), refundable, reason: 'customer_request' as const, note: '' };
          const done = await refundPayment(await overlapOperator(), target.merchantUid, request).catch(refusedCleanly);
          if (!done) return;
          w.answers.push({
            label: `operator refund ${target.merchantUid}`,
            kind: 'operator_refund',
            merchantUid: target.merchantUid,
            amount: done.refunded,
          });
          if (done.endedSubscription && target.subscriptionId && !w.cancelledAt.has(target.subscriptionId))
            w.cancelledAt.set(target.subscriptionId, await w.emulator.now());
        }),
      );
    },
    late,
  );

const operatorsRefund = fc
  .tuple(
    fc.scheduler(),
    actor,
    index,
    times,
    fc.constantFrom<'part' | 'full' | 'mixed' | 'same'>('part', 'full', 'mixed', 'same'),
    lateness,
  )
  .map(([s, a, k, n, how, late]) => refundsAtOnce(s, a, k, n, how, late));

/** The actor's order #k with a delivery; with `fresh`, a new one bought first. */
async function deliveryOf(w: World, a: number, k: number, fresh: boolean) {
  const shopper = w.actors[a]?.shopper;
  if (fresh && shopper)
    await shopper.buyNowRaw({
      productId: 'drip-bag-20',
      idempotencyKey: crypto.randomUUID(),
      quantity: 1,
      shipping,
      saveAddress: false,
    });
  const list = await w.app
    .db()
    .select()
    .from(orders)
    .where(and(eq(orders.userId, w.actors[a]?.customer.user.id ?? ''), isNotNull(orders.shipping)))
    .orderBy(orders.createdAt);
  return fresh ? list.at(-1) : pick(list, k);
}

const cancelTaps = fc
  .tuple(fc.scheduler(), actor, index, times, fc.boolean(), lateness)
  .map(([s, a, k, n, fresh, late]) =>
    scheduled(
      s,
      `cancel order #${fresh ? 'new' : k} ${n}x at once (actor ${a})`,
      async (w) => {
        const shopper = w.actors[a]?.shopper;
        const order = await deliveryOf(w, a, k, fresh);
        if (!shopper || !order) return;
        await atOnce(
          s,
          `cancel ${order.orderNumber}`,
          Array.from({ length: n }, () => async () => {
            const response = await customerCalls(shopper).cancel(order.orderNumber);
            await noteAnswer(w, `cancel ${order.merchantUid}`, response, orderCancelAnswer(order.merchantUid));
            return response;
          }),
        );
      },
      late,
    ),
  );

/** A return approved by several operators at once (the order shipped, delivered and its return asked first, when it can be). */
const approvals = fc
  .tuple(fc.scheduler(), actor, index, times, fc.constantFrom(0, 3_000), lateness)
  .map(([s, a, k, n, fee, late]) =>
    scheduled(
      s,
      `return of order #${k} approved by ${n} operators at once, fee ${fee} (actor ${a})`,
      async (w) => {
        const shopper = w.actors[a]?.shopper;
        const order = await deliveryOf(w, a, k, false);
        if (!shopper || !order) return;
        const operator = await overlapOperator();
        const step = (action: Parameters<typeof advanceFulfilment>[2]) =>
          advanceFulfilment(operator, order.orderNumber, action).catch(refusedCleanly);
        if (order.fulfilment === 'ordered')
          await step({ action: 'ship', carrier: 'CJ대한통운', trackingNumber: '123456789012' });
        await step({ action: 'deliver' });
        await customerCalls(shopper).requestReturn(order.orderNumber, { reason: '파손' });
        await atOnce(
          s,
          `approve ${order.orderNumber}`,
          Array.from({ length: n }, () => async () => {
            const decided = await decideReturn(operator, order.orderNumber, { decision: 'approve', fee }).catch(
              refusedCleanly,
            );
            if (decided?.refund?.refund === 'made')
              w.answers.push({
                label: `approve ${order.merchantUid}`,
                kind: 'order_return',
                merchantUid: order.merchantUid,
                amount: decided.refund.amount,
              });
          }),
        );
      },
      late,
    ),
  );

const buyOneKey = fc
  .tuple(fc.scheduler(), actor, fc.constantFrom('drip-bag-20', 'house-blend-1kg'), times, lateness)
  .map(([s, a, product, n, late]) =>
    scheduled(
      s,
      `buy now ${product} with one key ${n}x at once (actor ${a})`,
      async (w) => {
        const shopper = w.actors[a]?.shopper;
        if (!shopper) return;
        const idempotencyKey = crypto.randomUUID();
        await atOnce(
          s,
          `buy ${product}`,
          Array.from({ length: n }, () => async () => {
            const response = await shopper.buyNowRaw({ productId: product, idempotencyKey });
            await noteAnswer(w, `buy ${product} ${idempotencyKey}`, response, buyNowAnswer);
            return response;
          }),
        );
      },
      late,
    ),
  );

export const overlapOrderCommands = [operatorsRefund, operatorsRefund, cancelTaps, approvals, buyOneKey];
