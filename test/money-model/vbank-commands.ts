// 가상계좌 orders in the model-based money test (issue 36.6): the checkout with pay method 가상계좌,
// the window issuing the account and the browser returning once, twice or never; deposits (in full,
// in part, more than owed, after the deadline or a closed account: the service refuses those); the
// customer's refund account (theirs, one that does not exist, a holder that is not theirs — refused
// with nothing changed); the customer's cancel (before the deposit it closes the account; after it
// without an account it must be refused and change nothing); a paid one shipped, delivered, returned
// and approved. The notice delivered twice or lost and the deadline passing are the service
// commands' (deliverySwitch, advance): the emulator sends no notice for an expiry. I13
// (vbank-invariants.ts) checks what they leave.
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { orders, refunds } from '@/lib/db/schema';
import { advanceFulfilment } from '@/lib/orders/fulfilment';
import { decideReturn } from '@/lib/orders/returns';
import { customerCalls, shipping } from '@/test/kits/fulfilment';
import { refundAccountCall, vbankWindowFields } from '@/test/kits/vbank';
import { noteAnswer, orderCancelAnswer } from './answers';
import { actor, command, index, pick } from './command';
import { atOnce, lateness, overlapOperator, refusedCleanly, scheduled, times } from './overlap';
import type { World } from './world';

/** Each actor's own account at the emulator's bank (004): the only one they ever leave for a refund. */
export const ACCOUNTS = ['12345678901234', '98765432109876'];

/** The actor's 가상계좌 orders, oldest first. */
export async function vbankOrders(w: World, a: number) {
  return w.app
    .db()
    .select()
    .from(orders)
    .where(and(eq(orders.userId, w.actors[a]?.customer.user.id ?? ''), eq(orders.payMethod, 'vbank')))
    .orderBy(orders.createdAt);
}

export const placeVbank = (a: number, p: string, returns: number) =>
  command(`가상계좌 order ${p}, browser returns ${returns}x (actor ${a})`, async (w) => {
    const shopper = w.actors[a]?.shopper;
    if (!shopper) return;
    const started = await shopper.checkoutRaw({
      productId: p,
      idempotencyKey: crypto.randomUUID(),
      quantity: 1,
      shipping,
      saveAddress: false,
      payMethod: 'vbank',
    });
    if (started.status !== 201 && started.status !== 200) return started;
    const { checkout } = await started.json();
    const { rsp } = await w.app
      .emulator()
      .completeWindowPayment(vbankWindowFields(checkout))
      .catch(() => ({ rsp: { imp_uid: null } }));
    for (let i = 0; i < returns && rsp.imp_uid; i++) {
      const verified = await shopper.verify({ merchant_uid: checkout.merchantUid, imp_uid: rsp.imp_uid });
      if (verified.status >= 500 && verified.status !== 503) return verified;
    }
  });

const place = fc
  .tuple(actor, fc.constantFrom('drip-bag-20', 'ceramic-mug'), fc.constantFrom(0, 1, 1, 2))
  .map(([a, p, returns]) => placeVbank(a, p, returns));

/** Money arrives in the actor's account #k: all of it, part of it, or more than owed (refused). */
export const depositVbank = (a: number, k: number, how: 'full' | 'part' | 'over') =>
  command(`deposit ${how} into 가상계좌 #${k} (actor ${a})`, async (w) => {
    const order = pick(await vbankOrders(w, a), k);
    if (!order?.impUid) return;
    const amount = how === 'full' ? undefined : how === 'part' ? 1_000 : order.amount + 1_000;
    // Refused by the service (409: past the deadline, closed, paid, more than owed): nothing arrived.
    await w.emulator.deposit(order.impUid, { amount, depositor_name: '홍길동' }).catch((error: unknown) => {
      if ((error as { status?: number }).status !== 409) throw error;
    });
  });

const deposit = fc
  .tuple(actor, index, fc.constantFrom<'full' | 'part' | 'over'>('full', 'full', 'full', 'part', 'over'))
  .map(([a, k, how]) => depositVbank(a, k, how));

/** The customer leaves a refund account: their own, one that does not exist, or someone else's name. */
export const leaveRefundAccount = (a: number, k: number, which: 'own' | 'missing' | 'holder') =>
  command(`leave refund account (${which}) on 가상계좌 #${k} (actor ${a})`, async (w) => {
    const shopper = w.actors[a]?.shopper;
    const order = pick(await vbankOrders(w, a), k);
    if (!shopper || !order) return;
    const account = which === 'missing' ? '11112222330000' : (ACCOUNTS[a] ?? '');
    const holder =
      which === 'holder'
        ? '김철수'
        : await w.app
            .client()
            .vbanks.holder({ bank_code: '004', bank_num: ACCOUNTS[a] ?? '' })
            .catch(() => undefined);
    if (!holder) return;
    const response = await refundAccountCall(shopper, order.orderNumber, { bank: '004', account, holder });
    if (which !== 'own' && response.ok) throw new Error(`refund account (${which}) accepted: ${response.status}`);
    if (!response.ok && which !== 'own') await notKept(w, order, { account, holder });
    return response;
  });

const leaveAccount = fc
  .tuple(actor, index, fc.constantFrom<'own' | 'missing' | 'holder'>('own', 'own', 'missing', 'holder'))
  .map(([a, k, which]) => leaveRefundAccount(a, k, which));

/**
 * A refused account is not kept on the order. (The order itself may move meanwhile: the service's
 * notice of the account's issue or deposit settles it, and other steps run at once.)
 */
async function notKept(w: World, before: typeof orders.$inferSelect, sent: { account: string; holder: string }) {
  const [after] = await w.app.db().select().from(orders).where(eq(orders.id, before.id));
  if (after?.refundAccount === sent.account && after.refundHolder === sent.holder)
    throw new Error(`a refused refund account was kept on ${before.merchantUid}: ${sent.account} ${sent.holder}`);
}

/** A refused request changed nothing of the order: its row's money, state and account are as before. */
async function unchanged(w: World, before: typeof orders.$inferSelect, what: string) {
  const [after] = await w.app.db().select().from(orders).where(eq(orders.id, before.id));
  const fields = ['status', 'fulfilment', 'refundedAmount', 'refundBank', 'refundAccount', 'refundHolder'] as const;
  for (const field of fields)
    if (after?.[field] !== before[field])
      throw new Error(`${what} changed ${field} of ${before.merchantUid}: ${before[field]} → ${after?.[field]}`);
}

/** The customer cancels a 가상계좌 order; paid and no account on file: refused, nothing changed. */
export const cancelVbank = (a: number, k: number) =>
  command(`customer cancels 가상계좌 #${k} (actor ${a})`, async (w) => {
    const shopper = w.actors[a]?.shopper;
    const order = pick(await vbankOrders(w, a), k);
    if (!shopper || !order) return;
    const refundsBefore = await w.app.db().select().from(refunds).where(eq(refunds.merchantUid, order.merchantUid));
    const response = await customerCalls(shopper).cancel(order.orderNumber);
    await noteAnswer(w, `cancel ${order.merchantUid}`, response, orderCancelAnswer(order.merchantUid));
    const [after] = await w.app.db().select().from(orders).where(eq(orders.id, order.id));
    if (response.status === 409 && after?.status === order.status) {
      await unchanged(w, order, 'a refused cancel');
      const refundsAfter = await w.app.db().select().from(refunds).where(eq(refunds.merchantUid, order.merchantUid));
      if (refundsAfter.length !== refundsBefore.length) throw new Error(`a refused cancel promised a refund`);
    }
    if (response.ok && order.status === 'paid' && !order.refundAccount && after?.refundAccount === null)
      throw new Error(`${order.merchantUid}: a paid 가상계좌 cancelled without a refund account`);
    return response;
  });

const cancel = fc.tuple(actor, index).map(([a, k]) => cancelVbank(a, k));

/** A paid 가상계좌 order shipped, delivered, returned and approved (its refund goes to the account). */
const returned = fc.tuple(actor, index, fc.constantFrom(0, 3_000)).map(([a, k, fee]) =>
  command(`가상계좌 #${k} shipped, delivered, returned, approved with fee ${fee} (actor ${a})`, async (w) => {
    const shopper = w.actors[a]?.shopper;
    const order = pick(await vbankOrders(w, a), k);
    if (!shopper || !order) return;
    const operator = await overlapOperator();
    await advanceFulfilment(operator, order.orderNumber, {
      action: 'ship',
      carrier: 'CJ대한통운',
      trackingNumber: '123456789012',
    }).catch(refusedCleanly);
    await advanceFulfilment(operator, order.orderNumber, { action: 'deliver' }).catch(refusedCleanly);
    await customerCalls(shopper).requestReturn(order.orderNumber, { reason: 'damaged' });
    const decided = await decideReturn(operator, order.orderNumber, { decision: 'approve', fee }).catch(refusedCleanly);
    if (decided?.refund?.refund === 'made')
      w.answers.push({
        label: `approve ${order.merchantUid}`,
        kind: 'order_return',
        merchantUid: order.merchantUid,
        amount: decided.refund.amount,
      });
  }),
);

export const vbankCommands = [place, place, deposit, deposit, leaveAccount, cancel, returned];

/** The same 가상계좌 money move several times at once: a deposit with its notice, a cancel tapped again. */
const depositsAtOnce = fc.tuple(fc.scheduler(), actor, index, times, lateness).map(([s, a, k, n, late]) =>
  scheduled(
    s,
    `${n} deposits and cancels of 가상계좌 #${k} at once (actor ${a})`,
    async (w) => {
      const shopper = w.actors[a]?.shopper;
      const order = pick(await vbankOrders(w, a), k);
      if (!shopper || !order?.impUid) return;
      const impUid = order.impUid;
      await atOnce(
        s,
        `deposit/cancel ${order.orderNumber}`,
        Array.from({ length: n }, (_, i) => async () => {
          if (i % 2 === 0)
            return w.emulator.deposit(impUid).catch((error: unknown) => {
              if ((error as { status?: number }).status !== 409) throw error;
            });
          const response = await customerCalls(shopper).cancel(order.orderNumber);
          await noteAnswer(w, `cancel ${order.merchantUid}`, response, orderCancelAnswer(order.merchantUid));
          return response;
        }),
      );
    },
    late,
  ),
);

export const vbankOverlapCommands = [depositsAtOnce];
