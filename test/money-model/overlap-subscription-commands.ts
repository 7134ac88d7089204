// One subscription's money moves fired several times at once (issue 31): cancel now tapped again and
// again (with an operator's cancel now among them), cancel now against an operator's refund of the
// same charge and reconciliation, subscribe with one idempotency key, 회원탈퇴 from several tabs, and
// card removals while a renewal is booked (with a resume among them). Each answer of success is
// kept for I10; I11 holds each decision to one movement.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { subscriptionCharges, subscriptions } from '@/lib/db/schema';
import { cancelNowForOps } from '@/lib/ops/subscriptions/actions';
import { refundPayment } from '@/lib/refunds/operator-refund';
import { withdrawAccount } from '@/lib/withdrawal/withdraw';
import { cancelNowAnswer, noteAnswer, subscribeAnswer } from './answers';
import { actor, index, pick } from './command';
import { atOnce, lateness, overlapOperator, refusedCleanly, scheduled, times } from './overlap';
import { readPayment } from './service-records';
import { reconcileNow } from './settle-all';
import type { World } from './world';

const key = () => crypto.randomUUID();

/** The actor's subscription #k among all it has (live or not), by the page's list. */
async function subscriptionOf(w: World, a: number, k: number) {
  const list = (await w.actors[a]?.subscriber.list().catch(() => undefined)) ?? [];
  return pick(list, k);
}

/** Cancels now recorded for I3 (nothing charged after) once any of them succeeded. */
async function cancelled(w: World, id: string) {
  if (!w.cancelledAt.has(id)) w.cancelledAt.set(id, await w.emulator.now());
}

/** Cancel now of the actor's subscription #k, tapped `n` times at once (and by an operator among them). */
export const cancelNowTaps = (
  s: fc.Scheduler,
  a: number,
  k: number,
  n: number,
  withOperator: boolean,
  late: number[] = [],
) =>
  scheduled(
    s,
    `cancel now of subscription #${k} ${n}x at once${withOperator ? ' and by an operator' : ''} (actor ${a})`,
    async (w) => {
      const target = await subscriptionOf(w, a, k);
      const subscriber = w.actors[a]?.subscriber;
      if (!target || !subscriber) return;
      const label = `cancel now ${target.id}`;
      const taps = Array.from({ length: n }, () => async () => {
        const response = await subscriber.cancelNow(target.id);
        await noteAnswer(w, label, response, cancelNowAnswer(target.id));
        if (response.ok) await cancelled(w, target.id);
        return response;
      });
      const operator = async () => {
        const done = await cancelNowForOps(await overlapOperator(), target.id, '').catch(refusedCleanly);
        if (done)
          w.answers.push({
            label: `operator ${label}`,
            kind: 'cancel_now',
            subscriptionId: target.id,
            amount: done.refunded,
          });
        if (done) await cancelled(w, target.id);
      };
      await atOnce(s, label, withOperator ? [...taps, operator] : taps);
    },
    late,
  );

const tapCancelNow = fc
  .tuple(fc.scheduler(), actor, index, times, fc.boolean(), lateness)
  .map(([s, a, k, n, withOperator, late]) => cancelNowTaps(s, a, k, n, withOperator, late));

/** Cancel now, an operator's full refund of the running charge and reconciliation, on one subscription at once. */
const cancelNowVersusRefund = fc.tuple(fc.scheduler(), actor, index, lateness).map(([s, a, k, late]) =>
  scheduled(
    s,
    `cancel now, an operator's full refund and reconcile of subscription #${k} at once (actor ${a})`,
    async (w) => {
      const target = await subscriptionOf(w, a, k);
      const subscriber = w.actors[a]?.subscriber;
      if (!target || !subscriber) return;
      const [charge] = await w.app
        .db()
        .select()
        .from(subscriptionCharges)
        .where(and(eq(subscriptionCharges.subscriptionId, target.id), eq(subscriptionCharges.status, 'paid')))
        .orderBy(subscriptionCharges.periodEnd);
      const payment = charge?.impUid ? await readPayment(w, charge.impUid).catch(() => undefined) : undefined;
      const balance = payment ? payment.amount - payment.cancel_amount : 0;
      await atOnce(s, `cancel now vs refund ${target.id}`, [
        async () => {
          const response = await subscriber.cancelNow(target.id);
          await noteAnswer(w, `cancel now ${target.id}`, response, cancelNowAnswer(target.id));
          if (response.ok) await cancelled(w, target.id);
          return response;
        },
        async () => {
          if (!charge || balance <= 0) return;
          const request = { amount: balance, refundable: balance, reason: 'customer_request' as const, note: '' };
          const done = await refundPayment(await overlapOperator(), charge.merchantUid, request).catch(refusedCleanly);
          if (!done) return;
          w.answers.push({
            label: `operator refund ${charge.merchantUid}`,
            kind: 'operator_refund',
            merchantUid: charge.merchantUid,
            amount: done.refunded,
          });
          if (done.endedSubscription) await cancelled(w, target.id);
        },
        () => reconcileNow(w),
      ]);
    },
    late,
  ),
);

const subscribeOneKey = fc
  .tuple(fc.scheduler(), actor, fc.constantFrom('hourly-demo', 'monthly-beans'), times, lateness)
  .map(([s, a, plan, n, late]) =>
    scheduled(
      s,
      `subscribe ${plan} with one key ${n}x at once (actor ${a})`,
      async (w) => {
        const subscriber = w.actors[a]?.subscriber;
        if (!subscriber) return;
        const idempotencyKey = key();
        await atOnce(
          s,
          `subscribe ${plan}`,
          Array.from({ length: n }, () => async () => {
            const response = await subscriber.subscribeRaw({ planId: plan, idempotencyKey });
            await noteAnswer(w, `subscribe ${plan} ${idempotencyKey}`, response, subscribeAnswer);
            return response;
          }),
        );
      },
      late,
    ),
  );

const withdrawTabs = fc.tuple(fc.scheduler(), actor, times, lateness).map(([s, a, n, late]) =>
  scheduled(
    s,
    `withdraw from ${n} tabs at once (actor ${a})`,
    async (w) => {
      const user = w.actors[a]?.customer.user;
      if (!user) return;
      await atOnce(
        s,
        'withdraw',
        Array.from({ length: n }, () => async () => {
          const report = await withdrawAccount(user).catch(refusedCleanly);
          if (report)
            w.answers.push({
              label: `withdraw ${user.id}`,
              kind: 'withdrawn',
              userId: user.id,
              amount: report.refunded,
            });
        }),
      );
      const now = await w.emulator.now();
      const ended = await w.app
        .db()
        .select({ id: subscriptions.id })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, user.id), eq(subscriptions.status, 'cancelled')));
      for (const { id } of ended) if (!w.cancelledAt.has(id)) w.cancelledAt.set(id, now);
    },
    late,
  ),
);

/** Removals of one card at once while a renewal may be booked on it, with a resume of subscription #k among them. */
const removeCardWhileBooked = fc.tuple(fc.scheduler(), actor, index, times, lateness).map(([s, a, k, n, late]) =>
  scheduled(
    s,
    `remove card #${k} ${n}x at once, and resume subscription #${k} (actor ${a})`,
    async (w) => {
      const actorOf = w.actors[a];
      const card = actorOf && pick((await actorOf.customer.cards().catch(() => undefined)) ?? [], k);
      const target = await subscriptionOf(w, a, k);
      if (!actorOf || !card) return;
      const removals = Array.from({ length: n }, () => () => actorOf.customer.remove(card.id));
      const resume = async () => {
        if (!target) return;
        const response = await actorOf.subscriber.resume(target.id);
        if (response.ok) w.cancelledAt.delete(target.id);
        return response;
      };
      await atOnce(s, `remove card ${card.id}`, [...removals, resume]);
    },
    late,
  ),
);

export const overlapSubscriptionCommands = [
  tapCancelNow,
  tapCancelNow,
  cancelNowVersusRefund,
  subscribeOneKey,
  withdrawTabs,
  removeCardWhileBooked,
];
