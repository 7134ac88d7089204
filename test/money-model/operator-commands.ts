// Operators of the model-based money test, through the console's own functions (lib/ops): a refund
// in part or in full of one of an actor's paid orders or subscription charges (the checksum of the
// balance read from the service), retry a failed renewal now, re-book a missing booking, and cancel
// now on the customer's behalf (pro-rata refund). Refusals (409, a 503 of service trouble) are
// fine; the invariants check that whatever was refunded is made once and recorded, that a refund
// accepted and not made is reported, and that access follows the money.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { orders, subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { AppError } from '@/lib/http/errors';
import { IamportError } from '@/lib/iamport';
import { addOperator, type Operator } from '@/lib/ops/operators';
import { cancelNowForOps, rebookMissing, retryRenewalNow } from '@/lib/ops/subscriptions/actions';
import { ProviderError } from '@/lib/provider';
import { refundPayment } from '@/lib/refunds/operator-refund';
import { actor, command, index, pick } from './command';
import { readPayment } from './service-records';
import type { World } from './world';

// The operators table is not emptied between runs: one admin serves every run of the file.
let admin: Promise<Operator> | undefined;
const operator = () => {
  admin ??= addOperator(`model-${crypto.randomUUID().slice(0, 8)}@shop.example`, 'admin').then((r) => r.operator);
  return admin;
};

/** A refusal the console shows (4xx, or 503 for service trouble) is fine; anything else fails the run. */
function refusedCleanly(error: unknown) {
  if (!(error instanceof AppError || error instanceof IamportError || error instanceof ProviderError)) throw error;
  if (error instanceof AppError && error.status >= 500 && error.status !== 503) throw error;
}

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
      const payment = await readPayment(w, target.impUid);
      const refundable = payment.amount - payment.cancel_amount;
      if (payment.status !== 'paid' || refundable <= 0) return;
      const amount = how === 'full' ? refundable : Math.min(1_000, refundable);
      const result = await refundPayment(await operator(), target.merchantUid, {
        amount,
        refundable,
        reason: 'customer_request',
        note: '',
      });
      w.answers.push({
        label: `operator refund ${target.merchantUid}`,
        kind: 'operator_refund',
        merchantUid: target.merchantUid,
        amount: result.refunded,
      });
      // Ended by the refund: nothing may be charged for it from now on (I3).
      if (result.endedSubscription && target.subscriptionId) {
        w.cancelledAt.set(target.subscriptionId, await w.emulator.now());
      }
    } catch (error) {
      refusedCleanly(error);
    }
  }),
);

/** Acts on one of the actor's subscriptions from the console (picked among those that exist). */
const onSubscription = (verb: string, act: (w: World, id: string) => Promise<unknown>) =>
  fc.tuple(actor, index).map(([a, k]) =>
    command(`operator: ${verb} subscription #${k} (actor ${a})`, async (w) => {
      const owned = await w.app
        .db()
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(eq(subscriptions.userId, w.actors[a]?.customer.user.id ?? ''));
      const target = pick(owned, k);
      if (!target) return;
      try {
        await act(w, target.id);
      } catch (error) {
        refusedCleanly(error);
      }
    }),
  );

const retryNow = onSubscription('retry now', async (_w, id) => retryRenewalNow(await operator(), id, ''));
const rebook = onSubscription('re-book', async (_w, id) => rebookMissing(await operator(), id, ''));
const cancelNowForCustomer = onSubscription('cancel now for the customer', async (w, id) => {
  const { refunded } = await cancelNowForOps(await operator(), id, '');
  w.answers.push({ label: `operator cancel now ${id}`, kind: 'cancel_now', subscriptionId: id, amount: refunded });
  if (!w.cancelledAt.has(id)) w.cancelledAt.set(id, await w.emulator.now());
});

export const operatorCommands = [operatorRefund, operatorRefund, retryNow, rebook, cancelNowForCustomer];
