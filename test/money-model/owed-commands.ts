// Money a 가상계좌 order owes back (issue 36, refund owed) in the model-based money test: a second
// account opened under a waiting order's number — for its amount (a second deposit) or another (its
// amount not the order's; the app closes such an account when its ready notice arrives, so it is
// paid only when that notice is lost) — and both deposited; then the customer's account given for
// it, several times at once, or an operator's in the console. I14 (owed-invariants.ts) checks what they leave.
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { orders, owedRefunds } from '@/lib/db/schema';
import { refundOwedForOps } from '@/lib/refunds/owed-refund';
import { refundAccountCall } from '@/test/kits/vbank';
import { actor, command, index, pick } from './command';
import { atOnce, lateness, overlapOperator, refusedCleanly, scheduled, times } from './overlap';
import { ACCOUNTS, vbankOrders } from './vbank-commands';
import type { World } from './world';

const DAY = 86_400;

/**
 * Another account under the actor's 가상계좌 order #k while it still waits (the service issues none for
 * an order number already paid), of its amount or not; then money into the order's own account and
 * into the second — the second buys nothing.
 */
export const secondVbank = (a: number, k: number, amount: 'same' | 'other') =>
  command(`second 가상계좌 (${amount} amount) for order #${k}, both deposited (actor ${a})`, async (w) => {
    const order = pick(await vbankOrders(w, a), k);
    if (!order?.impUid || order.status !== 'awaiting') return;
    const issued = await w.emulator.rest<{ imp_uid: string }>('POST', '/vbanks', {
      merchant_uid: order.merchantUid,
      amount: amount === 'same' ? order.amount : order.amount + 1_000,
      vbank_code: '004',
      vbank_due: (await w.emulator.now()) + 3 * DAY,
      vbank_holder: '커피상점',
    });
    const second = issued.body.response?.imp_uid;
    if (!second) return;
    // Refused by the bank (409: closed — the app closes an account of another amount on its ready
    // notice —, past the deadline, already paid): nothing arrived.
    for (const impUid of [order.impUid, second])
      await w.emulator.deposit(impUid, { depositor_name: '홍길동' }).catch((error: unknown) => {
        if ((error as { status?: number }).status !== 409) throw error;
      });
  });

const secondAccount = fc
  .tuple(actor, index, fc.constantFrom<'same' | 'other'>('same', 'same', 'other'))
  .map(([a, k, amount]) => secondVbank(a, k, amount));

/** Orders of the actor with money owed back and no account for it yet. */
async function owedOrders(w: World, a: number) {
  const userId = w.actors[a]?.customer.user.id ?? '';
  const rows = await w.app
    .db()
    .select({ order: orders, owed: owedRefunds })
    .from(owedRefunds)
    .innerJoin(orders, eq(orders.id, owedRefunds.orderId))
    .where(eq(owedRefunds.userId, userId));
  return rows.filter((row) => row.owed.status === 'owed');
}

/** The customer gives their account for money owed back on order #k, n times at once. */
export const giveAccountAtOnce = (s: fc.Scheduler, a: number, k: number, n: number, late: number[]) =>
  scheduled(
    s,
    `customer gives the refund account ${n}x at once for money owed on #${k} (actor ${a})`,
    async (w) => {
      const shopper = w.actors[a]?.shopper;
      const owed = pick(await owedOrders(w, a), k);
      if (!shopper || !owed) return;
      const bankNum = ACCOUNTS[a] ?? '';
      const holder = await w.app
        .client()
        .vbanks.holder({ bank_code: '004', bank_num: bankNum })
        .catch(() => undefined);
      if (!holder) return;
      await atOnce(
        s,
        `refund account ${owed.order.orderNumber}`,
        Array.from({ length: n }, () => async () => {
          const response = await refundAccountCall(shopper, owed.order.orderNumber, {
            bank: '004',
            account: bankNum,
            holder,
          });
          if (response.status >= 500 && response.status !== 503)
            throw new Error(`refund account: HTTP ${response.status} ${await response.text()}`);
        }),
      );
    },
    late,
  );

const giveAccount = fc
  .tuple(fc.scheduler(), actor, index, times, lateness)
  .map(([s, a, k, n, late]) => giveAccountAtOnce(s, a, k, n, late));

/** An operator refunds money owed on the actor's order #k to the account the customer confirmed (their own). */
const operatorGivesAccount = fc.tuple(actor, index).map(([a, k]) =>
  command(`operator refunds money owed on #${k} to the customer's account (actor ${a})`, async (w) => {
    const owed = pick(await owedOrders(w, a), k);
    if (!owed) return;
    const bankNum = ACCOUNTS[a] ?? '';
    const holder = await w.app
      .client()
      .vbanks.holder({ bank_code: '004', bank_num: bankNum })
      .catch(() => undefined);
    if (!holder) return;
    // Typed in the console: the same account the customer leaves (I13 holds each refund to it).
    await refundOwedForOps(await overlapOperator(), owed.owed.id, { bank: '004', account: bankNum, holder }).catch(
      refusedCleanly,
    );
  }),
);

export const owedCommands = [secondAccount, secondAccount, operatorGivesAccount];
export const owedOverlapCommands = [giveAccount];
