// Operators of the model-based money test: a refund from our own console (lib/ops), in part or in
// full, of one of an actor's paid orders or subscription charges, with the checksum of the balance
// read from the service. Refusals (409, a 503 of service trouble) are fine; the invariants check
// that whatever was refunded is recorded on the order or charge, and that access follows the money.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { orders, subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { IamportError } from '@/lib/iamport';
import { addOperator, type Operator } from '@/lib/ops/operators';
import { refundPayment } from '@/lib/ops/payments/refund';
import { actor, command, index, pick } from './command';
import type { World } from './world';

// The operators table is not emptied between runs: one refunder serves every run of the file.
let refunder: Promise<Operator> | undefined;
const operator = () => {
  refunder ??= addOperator(`model-${crypto.randomUUID().slice(0, 8)}@shop.example`, 'refunder').then((r) => r.operator);
  return refunder;
};

async function paidOf(w: World, userId: string) {
  const db = w.app.db();
  const [own, charged] = await Promise.all([
    db
      .select({ merchantUid: orders.merchantUid, impUid: orders.impUid })
      .from(orders)
      .where(and(eq(orders.userId, userId), eq(orders.status, 'paid'))),
    db
      .select({
        merchantUid: subscriptionCharges.merchantUid,
        impUid: subscriptionCharges.impUid,
        subscriptionId: subscriptions.id,
      })
      .from(subscriptionCharges)
      .innerJoin(subscriptions, eq(subscriptions.id, subscriptionCharges.subscriptionId))
      .where(and(eq(subscriptions.userId, userId), eq(subscriptionCharges.status, 'paid'))),
  ]);
  return [...own.map((o) => ({ ...o, subscriptionId: null })), ...charged];
}

const operatorRefund = fc.tuple(actor, index, fc.constantFrom('part', 'full')).map(([a, k, how]) =>
  command(`operator refund (${how}) of paid payment #${k} (actor ${a})`, async (w) => {
    const target = pick(await paidOf(w, w.actors[a]?.customer.user.id ?? ''), k);
    if (!target?.impUid) return;
    try {
      const payment = await w.app.client().payments.get({ imp_uid: target.impUid });
      const refundable = payment.amount - payment.cancel_amount;
      if (payment.status !== 'paid' || refundable <= 0) return;
      const amount = how === 'full' ? refundable : Math.min(1_000, refundable);
      const result = await refundPayment(await operator(), target.merchantUid, {
        amount,
        refundable,
        reason: 'customer_request',
        note: '',
      });
      // Ended by the refund: nothing may be charged for it from now on (I3).
      if (result.endedSubscription && target.subscriptionId) {
        w.cancelledAt.set(target.subscriptionId, await w.emulator.now());
      }
    } catch (error) {
      if (!(error instanceof AppError || error instanceof IamportError)) throw error;
      if (error instanceof AppError && error.status >= 500 && error.status !== 503) throw error;
    }
  }),
);

export const operatorCommands = [operatorRefund];
