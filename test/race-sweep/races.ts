// The race sweep's table (issue 31): each money-moving route, the scene it is fired in, the request
// fired ten times at once, and what must hold afterwards — the service's record (the emulator's own)
// against the answers and the database. Scenes are set through the app's own routes in-process.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { getDb } from '@/lib/db/connection';
import { cards, orders, owedRefunds, refunds, subscriptionCharges, users } from '@/lib/db/schema';
import type { AppHarness } from '@/test/app-harness';
import { customerCalls, operatorCalls, paidDelivery, ship } from '@/test/kits/fulfilment';
import { auditOf, type SignedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { Subscriber } from '@/test/kits/subscriptions';
import { twoAccountsBothDeposited } from '@/test/kits/vbank';

export interface Fired {
  status: number;
  body: Record<string, unknown> & { error?: { code: string } };
}

export interface Shot {
  method: string;
  path: string;
  body?: unknown;
  cookie: string;
}

export interface Race {
  name: string;
  /** Sets the scene: answers the request to fire and the check of what came of it. */
  prepare(app: AppHarness, operator: SignedInOperator): Promise<{ shot: Shot; check(answers: Fired[]): Promise<void> }>;
}

const PASSWORD = 'correct horse battery';

const statuses = (answers: Fired[]) => answers.map((a) => a.status);
const codes = (answers: Fired[]) => answers.filter((a) => a.status >= 400).map((a) => a.body.error?.code);
const servicePayment = async (app: AppHarness, merchantUid: string) =>
  (await app.emulator().payments()).find((p) => p.merchant_uid === merchantUid && p.status !== 'failed');
const refundsOf = async (merchantUid: string) =>
  (await getDb()).select().from(refunds).where(eq(refunds.merchantUid, merchantUid));

async function firstCharge(subscriptionId: string) {
  const [charge] = await (await getDb())
    .select()
    .from(subscriptionCharges)
    .where(and(eq(subscriptionCharges.subscriptionId, subscriptionId), eq(subscriptionCharges.kind, 'first')));
  if (!charge) throw new Error('no first charge');
  return charge;
}

/** A subscriber of `plan`, 20 minutes into its first period. */
async function subscribedFor20Minutes(app: AppHarness, plan: string) {
  const subscriber = await Subscriber.withCard();
  const subscription = await subscriber.subscribe(plan);
  await app.emulator().advanceClock(20 * 60);
  return { subscriber, subscription, charge: await firstCharge(subscription.id) };
}

/** Ten cancel-nows of a service plan: one refund of the quote, every answer naming it. */
async function oneCancelNowRefund(app: AppHarness, merchantUid: string, answers: Fired[], quote: number) {
  const payment = await servicePayment(app, merchantUid);
  expect(payment?.cancel_history).toHaveLength(1);
  const made = payment?.cancel_amount ?? 0;
  // The quote was read a moment before; the app's estimate of the service clock may run a second or two on.
  expect(made).toBeLessThanOrEqual(quote);
  expect(made).toBeGreaterThanOrEqual(quote - 3);
  expect(answers.map((a) => [a.status, a.body.refunded])).toEqual(answers.map(() => [200, made]));
  expect((await refundsOf(merchantUid)).map((r) => [r.status, r.amount])).toEqual([['made', made]]);
}

export const races: Race[] = [
  {
    name: 'cancel now of a service plan (the hourly demo, 20 minutes in), as the customer',
    async prepare(app) {
      const { subscriber, subscription, charge } = await subscribedFor20Minutes(app, 'hourly-demo');
      const quote = await subscriber.quoteCancelNow(subscription.id);
      return {
        shot: {
          method: 'POST',
          path: `/api/subscriptions/${subscription.id}/cancel-now`,
          cookie: subscriber.customer.cookie,
        },
        async check(answers) {
          await oneCancelNowRefund(app, charge.merchantUid, answers, quote.refund);
          expect(await subscriber.get(subscription.id)).toMatchObject({ status: 'cancelled', hasAccess: false });
        },
      };
    },
  },
  {
    name: 'cancel now of a service plan, as operators',
    async prepare(app, operator) {
      const { subscriber, subscription, charge } = await subscribedFor20Minutes(app, 'hourly-demo');
      const quote = await subscriber.quoteCancelNow(subscription.id);
      return {
        shot: {
          method: 'POST',
          path: `/api/ops/subscriptions/${subscription.id}/cancel-now`,
          body: { note: '' },
          cookie: operator.cookie,
        },
        async check(answers) {
          await oneCancelNowRefund(app, charge.merchantUid, answers, quote.refund);
          expect((await auditOf(subscription.id)).map((a) => a.action)).toEqual(['subscription.cancel_now']);
        },
      };
    },
  },
  {
    name: 'cancel now of a goods plan (nothing to refund), as the customer',
    async prepare(app) {
      const { subscriber, subscription, charge } = await subscribedFor20Minutes(app, 'monthly-beans');
      return {
        shot: {
          method: 'POST',
          path: `/api/subscriptions/${subscription.id}/cancel-now`,
          cookie: subscriber.customer.cookie,
        },
        async check(answers) {
          // One ends it; the others find it ended (409), or answer the same nothing.
          expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
          for (const a of answers)
            expect(a.status === 200 ? a.body.refunded : a.body.error?.code).toBe(
              a.status === 200 ? 0 : 'not_cancellable',
            );
          expect((await servicePayment(app, charge.merchantUid))?.cancel_amount).toBe(0);
          expect(await refundsOf(charge.merchantUid)).toEqual([]);
          expect((await subscriber.get(subscription.id)).status).toBe('cancelled');
        },
      };
    },
  },
  {
    name: "an order's cancel before shipping, as the customer",
    async prepare(app) {
      const shopper = await Shopper.withCard();
      const order = await paidDelivery(shopper);
      return {
        shot: { method: 'POST', path: `/api/orders/${order.orderNumber}/cancel`, cookie: shopper.customer.cookie },
        async check(answers) {
          expect(statuses(answers)).toEqual(answers.map(() => 200));
          for (const a of answers) expect(a.body.result).toEqual({ refund: 'made', amount: order.amount });
          expect(await servicePayment(app, order.merchantUid)).toMatchObject({
            status: 'cancelled',
            cancel_history: [{ amount: order.amount }],
          });
          expect((await refundsOf(order.merchantUid)).map((r) => [r.origin, r.status])).toEqual([
            ['order_cancel', 'made'],
          ]);
        },
      };
    },
  },
  {
    name: 'a return asked for, as the customer',
    async prepare(app, operator) {
      const shopper = await Shopper.withCard();
      const order = await paidDelivery(shopper);
      await operatorCalls(operator).step(order.orderNumber, ship);
      await operatorCalls(operator).step(order.orderNumber, { action: 'deliver' });
      return {
        shot: {
          method: 'POST',
          path: `/api/orders/${order.orderNumber}/return`,
          body: { reason: 'damaged' },
          cookie: shopper.customer.cookie,
        },
        async check(answers) {
          expect(statuses(answers)).toContain(200);
          for (const code of codes(answers)) expect(code).toMatch(/return/);
          const [row] = await (await getDb()).select().from(orders).where(eq(orders.id, order.id));
          expect(row).toMatchObject({ returnStatus: 'requested', status: 'paid' });
          expect((await servicePayment(app, order.merchantUid))?.cancel_amount).toBe(0);
        },
      };
    },
  },
  {
    name: "a return's approval with a 3,000-won fee, as operators",
    async prepare(app, operator) {
      const shopper = await Shopper.withCard();
      const order = await paidDelivery(shopper);
      await operatorCalls(operator).step(order.orderNumber, ship);
      await operatorCalls(operator).step(order.orderNumber, { action: 'deliver' });
      await customerCalls(shopper).requestReturn(order.orderNumber, { reason: 'damaged' });
      const refund = order.amount - 3_000;
      return {
        shot: {
          method: 'POST',
          path: `/api/ops/orders/${order.orderNumber}/return`,
          body: { decision: 'approve', fee: 3_000 },
          cookie: operator.cookie,
        },
        async check(answers) {
          // The first decides; the others are refused (409) or, finding it decided, answer its refund.
          expect(statuses(answers)).toContain(200);
          for (const a of answers.filter((a) => a.status === 200))
            expect(a.body.refund).toEqual({ refund: 'made', amount: refund });
          for (const a of answers.filter((a) => a.status !== 200)) expect(a.status).toBe(409);
          expect(await servicePayment(app, order.merchantUid)).toMatchObject({ cancel_history: [{ amount: refund }] });
          expect((await refundsOf(order.merchantUid)).map((r) => [r.origin, r.status, r.amount])).toEqual([
            ['order_return', 'made', refund],
          ]);
        },
      };
    },
  },
  {
    name: 'a console refund of 15,000 of a 28,000-won payment, every operator naming the balance 28,000',
    async prepare(app, operator) {
      const shopper = await Shopper.withCard();
      const order = await shopper.buyNow('house-blend-1kg');
      return {
        shot: {
          method: 'POST',
          path: `/api/ops/payments/${order.merchantUid}/refunds`,
          body: { amount: 15_000, refundable: 28_000, reason: 'customer_request', note: '' },
          cookie: operator.cookie,
        },
        async check(answers) {
          expect(statuses(answers).sort()).toEqual([200, ...answers.slice(1).map(() => 409)]);
          expect(answers.find((a) => a.status === 200)?.body).toMatchObject({ refunded: 15_000, refundable: 13_000 });
          expect(await servicePayment(app, order.merchantUid)).toMatchObject({
            cancel_amount: 15_000,
            cancel_history: [{ amount: 15_000 }],
          });
          expect((await shopper.orders())[0]).toMatchObject({ status: 'paid', refundedAmount: 15_000 });
          expect((await auditOf(order.merchantUid)).map((a) => a.action)).toEqual(['payment.refund']);
        },
      };
    },
  },
  {
    name: 'buy now with one idempotency key, as the customer',
    async prepare(app) {
      const shopper = await Shopper.withCard();
      const idempotencyKey = crypto.randomUUID();
      return {
        shot: {
          method: 'POST',
          path: '/api/orders/buy-now',
          body: { productId: 'drip-bag-20', idempotencyKey },
          cookie: shopper.customer.cookie,
        },
        async check(answers) {
          expect(statuses(answers).sort()).toEqual(
            [200, 200, 200, 200, 200, 200, 200, 200, 200, 201].slice(-answers.length),
          );
          const uids = new Set(answers.map((a) => (a.body.order as { merchantUid: string }).merchantUid));
          expect(uids.size).toBe(1);
          const [merchantUid = ''] = uids;
          const charged = (await app.emulator().payments()).filter(
            (p) => p.merchant_uid === merchantUid && p.status === 'paid',
          );
          expect(charged).toHaveLength(1);
          for (const a of answers) expect(['paid', 'pending']).toContain((a.body.order as { status: string }).status);
          expect((await shopper.orders()).map((o) => o.status)).toEqual(['paid']);
        },
      };
    },
  },
  {
    name: 'subscribe with one idempotency key, as the customer',
    async prepare(app) {
      const subscriber = await Subscriber.withCard();
      const offer = await subscriber.offer('hourly-demo');
      const body = {
        planId: 'hourly-demo',
        idempotencyKey: crypto.randomUUID(),
        consent: { agreed: true, token: offer.consentToken },
      };
      return {
        shot: { method: 'POST', path: '/api/subscriptions', body, cookie: subscriber.customer.cookie },
        async check(answers) {
          expect(statuses(answers).filter((s) => s === 201)).toHaveLength(1);
          expect(statuses(answers).filter((s) => s !== 201)).toEqual(answers.slice(1).map(() => 200));
          const ids = new Set(answers.map((a) => a.body.subscriptionId));
          expect(ids.size).toBe(1);
          const charge = await firstCharge(String([...ids][0]));
          expect((await subscriber.list()).map((s) => s.status)).toEqual(['active']);
          const charged = (await app.emulator().payments()).filter(
            (p) => p.merchant_uid === charge.merchantUid && p.status === 'paid',
          );
          expect(charged).toHaveLength(1);
        },
      };
    },
  },
  {
    name: 'removing the card a renewal is booked on, as the customer',
    async prepare(app) {
      const subscriber = await Subscriber.withCard();
      const subscription = await subscriber.subscribe('hourly-demo');
      const [card] = await (await getDb()).select().from(cards).where(eq(cards.userId, subscriber.user.id));
      return {
        shot: { method: 'DELETE', path: `/api/cards/${card?.id}`, cookie: subscriber.customer.cookie },
        async check(answers) {
          expect(codes(answers)).toEqual(answers.map(() => 'card_in_use'));
          expect((await subscriber.customer.cards()).map((c) => c.id)).toEqual([card?.id]);
          const booked = (await app.emulator().schedules()).filter((s) => s.customer_uid === card?.customerUid);
          expect(booked.map((s) => s.schedule_status)).toEqual(['scheduled']);
          expect((await subscriber.get(subscription.id)).nextCharge).not.toBeNull();
        },
      };
    },
  },
  {
    name: '회원탈퇴 with a service plan 20 minutes in, as the customer',
    async prepare(app) {
      const { subscriber, subscription, charge } = await subscribedFor20Minutes(app, 'hourly-demo');
      const quote = await subscriber.quoteCancelNow(subscription.id);
      const [card] = await (await getDb()).select().from(cards).where(eq(cards.userId, subscriber.user.id));
      return {
        shot: {
          method: 'POST',
          path: '/api/account/withdrawal',
          body: { password: PASSWORD },
          cookie: subscriber.customer.cookie,
        },
        async check(answers) {
          const payment = await servicePayment(app, charge.merchantUid);
          expect(payment?.cancel_history).toHaveLength(1);
          const made = payment?.cancel_amount ?? 0;
          expect(made).toBeGreaterThanOrEqual(quote.refund - 3);
          expect(made).toBeLessThanOrEqual(quote.refund);
          // Each answer of success names that refund (or none: another tab had settled it); the rest are refused.
          const done = answers.filter((a) => a.status === 200);
          expect(done.length).toBeGreaterThanOrEqual(1);
          for (const a of done) expect([0, made]).toContain(a.body.refunded);
          for (const a of answers.filter((a) => a.status !== 200)) expect(a.status).toBeLessThan(500);
          expect((await refundsOf(charge.merchantUid)).map((r) => [r.status, r.amount])).toEqual([['made', made]]);
          const [row] = await (await getDb()).select().from(users).where(eq(users.id, subscriber.user.id));
          expect(row?.deletedAt).not.toBeNull();
          expect((await app.emulator().billingKeys()).map((k) => k.customer_uid)).not.toContain(card?.customerUid);
        },
      };
    },
  },
  {
    name: 'the refund account for a second 가상계좌 deposit owed back, as the customer',
    async prepare(app) {
      const { shopper, order, second } = await owedSecondDeposit(app);
      const account = await accountOf(app);
      return {
        shot: {
          method: 'POST',
          path: `/api/orders/${order.orderNumber}/refund-account`,
          body: account,
          cookie: shopper.customer.cookie,
        },
        async check(answers) {
          // Each keeps the account (checked at the bank) and answers the order; one refund is made.
          expect(statuses(answers)).toEqual(answers.map(() => 200));
          await oneOwedRefund(app, order.merchantUid, second);
        },
      };
    },
  },
  {
    name: 'a second 가상계좌 deposit owed back, refunded to a typed account, as operators',
    async prepare(app, operator) {
      const { order, second } = await owedSecondDeposit(app);
      const [owed] = await (await getDb()).select().from(owedRefunds).where(eq(owedRefunds.impUid, second));
      const account = await accountOf(app);
      return {
        shot: {
          method: 'POST',
          path: `/api/ops/owed-refunds/${owed?.id}`,
          body: { refundAccount: account },
          cookie: operator.cookie,
        },
        async check(answers) {
          // One refunds it; the others find it taken (409), or answer the same refund.
          expect(answers.filter((a) => a.status === 200).length).toBeGreaterThanOrEqual(1);
          expect(codes(answers).every((code) => code === 'owed_refund_done')).toBe(true);
          await oneOwedRefund(app, order.merchantUid, second);
        },
      };
    },
  },
];

/** A 가상계좌 order paid by one account with a second account's deposit owed back (no account on file). */
async function owedSecondDeposit(app: AppHarness) {
  const shopper = await Shopper.signUp();
  const placed = await twoAccountsBothDeposited(app, shopper);
  const [owed] = await (await getDb()).select().from(owedRefunds).where(eq(owedRefunds.impUid, placed.second));
  expect(owed).toMatchObject({ status: 'owed' });
  return { shopper, ...placed };
}

/** The customer's account at the emulator's bank, its holder as the service answers it. */
const accountOf = async (app: AppHarness) => ({
  bank: '004',
  account: '12345678901234',
  holder: await app.client().vbanks.holder({ bank_code: '004', bank_num: '12345678901234' }),
});

/** The owed deposit refunded once at the service, one promise made, the owed row refunded. */
async function oneOwedRefund(app: AppHarness, merchantUid: string, impUid: string) {
  const payment = (await app.emulator().payments()).find((p) => p.imp_uid === impUid);
  expect(payment).toMatchObject({ status: 'cancelled' });
  expect(payment?.cancel_history).toHaveLength(1);
  const own = (await refundsOf(merchantUid)).filter((r) => r.impUid === impUid);
  expect(own.map((r) => [r.origin, r.status])).toEqual([['owed', 'made']]);
  const [owed] = await (await getDb()).select().from(owedRefunds).where(eq(owedRefunds.impUid, impUid));
  expect(owed).toMatchObject({ status: 'refunded' });
}
