// An operator's steps on goods subscriptions' boxes in the model-based money test, through the
// console's own function: 배송 준비, 발송 (carrier, tracking) or 배송 완료 of one of the run's boxes.
// A step the box's state does not allow (or a box held back by a full refund) is refused cleanly;
// shipped boxes then meet full refunds, which must leave them on their way (shipment-invariants.ts).
import fc from 'fast-check';
import { subscriptionShipments } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { IamportError } from '@/lib/iamport';
import { addOperator, type Operator } from '@/lib/ops/operators';
import type { FulfilmentAction } from '@/lib/orders/fulfilment-schemas';
import { ProviderError } from '@/lib/provider';
import { refundPayment } from '@/lib/refunds/operator-refund';
import { advanceShipment } from '@/lib/subscriptions';
import { TEST_CARDS } from '@/test/emulator/kit';
import { keyIn } from '@/test/kits/cards';
import { actor, command, index, pick } from './command';

// The operators table is not emptied between runs: one refunder serves every run of the file.
let refunder: Promise<Operator> | undefined;
const operator = () => {
  refunder ??= addOperator(`boxes-${crypto.randomUUID().slice(0, 8)}@shop.example`, 'refunder').then((r) => r.operator);
  return refunder;
};

const step = fc.constantFrom<FulfilmentAction>(
  { action: 'prepare' },
  { action: 'ship', carrier: 'CJ대한통운', trackingNumber: '123456789012' },
  { action: 'deliver' },
);

const stepBox = fc.tuple(index, step).map(([k, action]) =>
  command(`operator: ${action.action} box #${k}`, async (w) => {
    const boxes = await w.app.db().select().from(subscriptionShipments).orderBy(subscriptionShipments.createdAt);
    const box = pick(boxes, k);
    if (!box) return;
    try {
      await advanceShipment(await operator(), box.number, action);
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
    }
  }),
);

/**
 * Goods, then an operator's full refund of the period: subscribes to the coffee (a card keyed in
 * first if the actor has none; or takes the actor's live goods subscription), sometimes ships its box first, then refunds the period's charge
 * in full from the console. Unsent, the box is held back; on its way, it stays the customer's.
 */
const refundGoodsPeriod = fc.tuple(actor, fc.boolean()).map(([a, shipFirst]) =>
  command(`goods: ${shipFirst ? 'ship the box, then ' : ''}refund its period in full (actor ${a})`, async (w) => {
    const actorNow = w.actors[a];
    if (!actorNow) return;
    const { customer, subscriber } = actorNow;
    // A card first when the actor has none (the sequence may not have registered one yet); a
    // withdrawn actor's list is refused (401): nothing to do.
    const cards = await customer.cards();
    if (!cards) return;
    if (cards.length === 0) await customer.keyIn(keyIn(TEST_CARDS.approved));
    await subscriber.subscribeRaw({ planId: 'monthly-beans', idempotencyKey: crypto.randomUUID() });
    const live = (await subscriber.list()).find((s) => s.planKind === 'goods' && s.status === 'active');
    const charge = live?.charges.find((c) => c.status === 'paid');
    const box = live?.shipments?.find((b) => b.kind === 'period');
    if (!live || !charge) return;
    try {
      if (shipFirst && box) {
        await advanceShipment(await operator(), box.number, {
          action: 'ship',
          carrier: '한진택배',
          trackingNumber: '5550001112',
        });
      }
      const refundable = charge.amount - charge.refundedAmount;
      const result = await refundPayment(await operator(), charge.merchantUid, {
        amount: refundable,
        refundable,
        reason: 'customer_request',
        note: '',
      });
      if (result.endedSubscription && !w.cancelledAt.has(live.id)) w.cancelledAt.set(live.id, await w.emulator.now());
    } catch (error) {
      if (!(error instanceof AppError || error instanceof IamportError || error instanceof ProviderError)) throw error;
      if (error instanceof AppError && error.status >= 500 && error.status !== 503) throw error;
    }
  }),
);

export const shipmentCommands = [stepBox, refundGoodsPeriod];
