// The order's own money moves in the model-based money test (issue 25): a purchase with a delivery,
// the customer's cancel before shipping (full refund through the promised refunds), the operator's
// fulfilment steps (prepare, ship, deliver), a cancel racing the shipment, a return asked after
// delivery and the operator's approval (refund less a return fee) or decline. Refusals (409, a 503
// of service trouble) are fine; invariants I8 (invariants.ts) check that a shipped order is never
// refunded by the cancel path and that every refund promised for a cancel or a return is made once
// or reported.
import { and, eq, isNotNull } from 'drizzle-orm';
import fc from 'fast-check';
import { orders } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { IamportError } from '@/lib/iamport';
import { addOperator, type Operator } from '@/lib/ops/operators';
import { advanceFulfilment, findOrderByNumber } from '@/lib/orders/fulfilment';
import { decideReturn } from '@/lib/orders/returns';
import { ProviderError } from '@/lib/provider';
import { customerCalls, shipping } from '@/test/kits/fulfilment';
import { noteAnswer, orderCancelAnswer } from './answers';
import { actor, command, index, pick } from './command';
import type { World } from './world';

let clerk: Promise<Operator> | undefined;
const operator = () => {
  clerk ??= addOperator(`model-orders-${crypto.randomUUID().slice(0, 8)}@shop.example`, 'refunder').then(
    (r) => r.operator,
  );
  return clerk;
};

function refusedCleanly(error: unknown) {
  if (!(error instanceof AppError || error instanceof IamportError || error instanceof ProviderError)) throw error;
  if (error instanceof AppError && error.status >= 500 && error.status !== 503) throw error;
}

/** The actor's orders with a delivery, oldest first (picked by index among those that exist). */
async function deliveries(w: World, a: number) {
  return w.app
    .db()
    .select()
    .from(orders)
    .where(and(eq(orders.userId, w.actors[a]?.customer.user.id ?? ''), isNotNull(orders.shipping)))
    .orderBy(orders.createdAt);
}

const buyDelivered = fc.tuple(actor, fc.constantFrom('drip-bag-20', 'ceramic-mug')).map(([a, p]) =>
  command(`buy ${p} with delivery (actor ${a})`, (w) =>
    w.actors[a]?.shopper.buyNowRaw({
      productId: p,
      idempotencyKey: crypto.randomUUID(),
      quantity: 1,
      shipping,
      saveAddress: false,
    }),
  ),
);

const onOrder = (verb: string, act: (w: World, a: number, orderNumber: string) => Promise<unknown>) =>
  fc.tuple(actor, index).map(([a, k]) =>
    command(`${verb} order #${k} (actor ${a})`, async (w) => {
      const target = pick(await deliveries(w, a), k);
      if (!target) return;
      try {
        return await act(w, a, target.orderNumber);
      } catch (error) {
        refusedCleanly(error);
      }
    }),
  );

const customer = (w: World, a: number) => {
  const shopper = w.actors[a]?.shopper;
  if (!shopper) throw new AppError(401, 'unauthenticated', 'no actor');
  return customerCalls(shopper);
};

const cancelBeforeShipping = onOrder('customer cancels', async (w, a, n) => {
  const response = await customer(w, a).cancel(n);
  const order = await findOrderByNumber(n);
  if (order) await noteAnswer(w, `cancel ${order.merchantUid}`, response, orderCancelAnswer(order.merchantUid));
  return response;
});
const prepare = onOrder('operator prepares', async (_w, _a, n) =>
  advanceFulfilment(await operator(), n, { action: 'prepare' }),
);
const ship = onOrder('operator ships', async (_w, _a, n) =>
  advanceFulfilment(await operator(), n, { action: 'ship', carrier: 'CJ대한통운', trackingNumber: '123456789012' }),
);
const deliver = onOrder('operator delivers', async (_w, _a, n) =>
  advanceFulfilment(await operator(), n, { action: 'deliver' }),
);
/** The customer's cancel and the operator's shipment at the same moment: one wins, the other is refused. */
const cancelRacingShip = onOrder('cancel racing the shipment of', async (w, a, n) => {
  const shipped = advanceFulfilment(await operator(), n, {
    action: 'ship',
    carrier: '한진택배',
    trackingNumber: '555566667777',
  }).catch(refusedCleanly);
  await Promise.all([customer(w, a).cancel(n), shipped]);
});
const askReturn = onOrder('customer asks a return of', (w, a, n) =>
  customer(w, a).requestReturn(n, { reason: 'damaged' }),
);
const decide = fc
  .tuple(
    actor,
    index,
    fc.constantFrom<'approve' | 'decline'>('approve', 'approve', 'decline'),
    fc.constantFrom(0, 3_000),
  )
  .map(([a, k, decision, fee]) =>
    command(
      `operator ${decision}s the return of order #${k}${decision === 'approve' ? `, fee ${fee}` : ''} (actor ${a})`,
      async (w) => {
        const target = pick(await deliveries(w, a), k);
        if (!target) return;
        try {
          const decided = await decideReturn(
            await operator(),
            target.orderNumber,
            decision === 'approve' ? { decision, fee } : { decision, reason: '개봉한 식품' },
          );
          if (decided.refund?.refund === 'made') {
            const { amount } = decided.refund;
            w.answers.push({
              label: `approve ${target.merchantUid}`,
              kind: 'order_return',
              merchantUid: target.merchantUid,
              amount,
            });
          }
        } catch (error) {
          refusedCleanly(error);
        }
      },
    ),
  );

export const orderCommands = [
  buyDelivered,
  buyDelivered,
  cancelBeforeShipping,
  prepare,
  ship,
  deliver,
  cancelRacingShip,
  askReturn,
  decide,
];
