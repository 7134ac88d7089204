// The account page's lifecycle (issue 14.5): password changes behind the current password (email
// changes: email-change.db.test.ts), marketing consent appended, and 회원탈퇴 — live subscriptions cancelled now with their
// pro-rata refunds, every billing key deleted at the emulator over real HTTP, the account
// anonymised while its orders, charges and consents stay; a failure stops it and a rerun finishes it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as marketingRoute } from '@/app/api/account/marketing/route';
import { PUT as passwordRoute } from '@/app/api/account/password/route';
import { POST as withdrawalRoute } from '@/app/api/account/withdrawal/route';
import { GET as readSession, POST as signInRoute } from '@/app/api/session/route';
import { signupTerm } from '@/lib/consents/shared/signup-terms';
import {
  cards,
  consents,
  orders,
  sessions,
  shippingAddresses,
  subscriptionCharges,
  subscriptions,
  trialUses,
  users,
} from '@/lib/db/schema';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { findPaymentRecord } from '@/lib/refunds/payment-records';
import { tombstoneEmail } from '@/lib/withdrawal/withdraw';
import { createTestCard, createTestUser, pageRequest } from '@/test/factories';
import { billingKeyExists, Customer } from '@/test/kits/cards';
import { Shopper } from '@/test/kits/orders';
import { Subscriber, setupSubscriptionTest } from '@/test/kits/subscriptions';

const app = setupSubscriptionTest();
const PASSWORD = 'correct horse battery';

type Handler = (request: Request, context: object) => Promise<Response>;
const call = (handler: Handler, path: string, method: string, body: unknown, cookie?: string) =>
  handler(pageRequest(path, { method, body, cookie }), {});
const withdrawal = (customer: Customer, password = PASSWORD) =>
  call(withdrawalRoute, '/api/account/withdrawal', 'POST', { password }, customer.cookie);
const signIn = (email: string, password = PASSWORD) => call(signInRoute, '/api/session', 'POST', { email, password });
const signedIn = async (cookie: string) =>
  ((await (await readSession(pageRequest('/api/session', { cookie }), {})).json()) as { account: unknown }).account;
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;
const keyExists = (customerUid: string) => billingKeyExists(app.client(), customerUid);
const userRow = async (id: string) => (await app.db().select().from(users).where(eq(users.id, id)))[0];

describe('회원탈퇴', () => {
  it('cancels live subscriptions now (a service with the pro-rata refund, goods with none: shipped), deletes every billing key, keeps the records and anonymises the account', async () => {
    const subscriber = await Subscriber.withCard();
    const { customer, user } = subscriber;
    const second = await createTestCard(user.id, { isDefault: false });
    const paid = await subscriber.subscribe('hourly-demo');
    const goods = await subscriber.subscribe('monthly-beans');
    const trial = await subscriber.subscribe('tasting-club');
    // Agreed to turn paid at its end (issue 33): its first charge is booked, and must be taken back.
    expect((await subscriber.decideTrial(trial.id, 'convert')).status).toBe(200);
    const order = await Shopper.of(customer).buyNow();
    expect(order.status).toBe('paid');
    await app.emulator().advanceClock(20 * 60);
    const quote = await subscriber.quoteCancelNow(paid.id);
    expect(quote.refund).toBeGreaterThan(0);
    expect(await subscriber.quoteCancelNow(goods.id)).toMatchObject({ shipped: true, refund: 0 });
    await app
      .db()
      .insert(shippingAddresses)
      .values({
        userId: user.id,
        address: {
          recipient: '홍길동',
          phone: '010-1234-5678',
          postcode: '04524',
          address: '서울 중구',
          addressDetail: '',
        },
      });
    const other = await Customer.signIn(user);

    const wrong = await withdrawal(customer, 'not my password');
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toMatchObject({ code: 'wrong_password', fields: { password: expect.any(String) } });
    expect((await subscriber.get(paid.id)).status).toBe('active');

    const response = await withdrawal(customer);
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/imp_session=;/);
    const report = await response.json();
    expect(report).toMatchObject({ withdrawn: true, cancelledSubscriptions: 3, deletedCards: 2 });
    // By the second: the app's estimate of the frozen clock may run a second or two on.
    expect(report.refunded).toBeLessThanOrEqual(quote.refund);
    expect(report.refunded).toBeGreaterThanOrEqual(quote.refund - 2);

    const db = app.db();
    const ended = await db.select().from(subscriptions).where(eq(subscriptions.userId, user.id));
    expect(ended.map((s) => [s.planId, s.status, s.endReason]).sort()).toEqual([
      ['hourly-demo', 'cancelled', 'customer'],
      ['monthly-beans', 'cancelled', 'customer'],
      ['tasting-club', 'cancelled', 'customer'],
    ]);
    const charges = await db.select().from(subscriptionCharges);
    const trialCharges = charges.filter((charge) => charge.subscriptionId === trial.id);
    // The trial's first charge was only booked: revoked, nothing charged.
    expect(trialCharges.map((charge) => [charge.status, charge.impUid])).toEqual([['revoked', null]]);
    const paidCharge = charges.find((charge) => charge.subscriptionId === paid.id && charge.kind === 'first');
    expect(paidCharge).toMatchObject({ status: 'paid', refundedAmount: report.refunded });
    const payment = await app.client().payments.get({ imp_uid: paidCharge?.impUid ?? '' });
    expect(payment.cancel_amount).toBe(report.refunded);
    // The goods' period had shipped: its payment is untouched.
    const goodsCharge = charges.find((charge) => charge.subscriptionId === goods.id && charge.kind === 'first');
    expect((await app.client().payments.get({ imp_uid: goodsCharge?.impUid ?? '' })).cancel_amount).toBe(0);
    expect((await app.emulator().schedules()).filter((s) => s.schedule_status === 'scheduled')).toEqual([]);

    const held = await db.select().from(cards).where(eq(cards.userId, user.id));
    expect(held.map((card) => card.status)).toEqual(['removed', 'removed']);
    for (const card of held) expect(await keyExists(card.customerUid)).toBe(false);
    expect(second.customerUid).toBe(held.find((card) => card.id === second.id)?.customerUid);

    // Kept as the law requires, pointing at the anonymised row; the rest is gone.
    const [kept] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(kept).toMatchObject({ userId: user.id, status: 'paid', amount: order.amount });
    expect((await db.select().from(consents).where(eq(consents.userId, user.id))).length).toBeGreaterThan(0);
    expect(await db.select().from(trialUses).where(eq(trialUses.uniqueKeyHash, user.uniqueKeyHash))).toHaveLength(1);
    expect(await userRow(user.id)).toMatchObject({
      email: tombstoneEmail(user.id),
      passwordHash: null,
      name: null,
      birthday: null,
      gender: null,
      uniqueKeyHash: null,
      uniqueInSite: null,
      deletedAt: expect.any(Number),
    });
    expect(await db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    expect(await db.select().from(shippingAddresses).where(eq(shippingAddresses.userId, user.id))).toEqual([]);
    expect(await signedIn(other.cookie)).toBeNull();
    expect((await signIn(user.email)).status).toBe(401);
    expect((await signIn(tombstoneEmail(user.id), '')).status).toBe(400);

    // Operators and reconciliation still find the order and its (withdrawn) customer.
    const record = await findPaymentRecord(order.merchantUid);
    expect(record?.customer.email).toBe(tombstoneEmail(user.id));
    const run = await reconcile();
    expect([
      ...run.refunds.errors,
      ...run.subscriptions.errors,
      ...run.orders.errors,
      ...run.payments.errors,
      ...run.cards.errors,
    ]).toEqual([]);

    // The address and the person may sign up again.
    const again = await createTestUser({ email: user.email, uniqueKeyHash: user.uniqueKeyHash, password: PASSWORD });
    expect((await signIn(user.email)).status).toBe(200);
    expect(again.id).not.toBe(user.id);
  });

  it('stops when a refund or a key deletion fails, changes nothing it cannot finish, and a rerun completes it once', async () => {
    const subscriber = await Subscriber.withCard();
    const { customer, user } = subscriber;
    const paid = await subscriber.subscribe('hourly-demo');
    await app.emulator().advanceClock(10 * 60);
    const quote = await subscriber.quoteCancelNow(paid.id);

    await app.emulator().injectFault({ method: 'POST', path: '/payments/cancel', action: '500', count: 1 });
    const refundFailed = await withdrawal(customer);
    expect(refundFailed.status).toBe(503);
    const error = await errorOf(refundFailed);
    expect(error.code).toBe('withdrawal_stopped');
    expect(error.message).toContain("'데모 플랜' 구독의 환불");
    expect(error.message).not.toContain('HTTP');
    expect(await signedIn(customer.cookie)).not.toBeNull();
    expect((await userRow(user.id))?.deletedAt).toBeNull();
    const [card] = await app.db().select().from(cards).where(eq(cards.userId, user.id));
    expect(card?.status).toBe('active');
    expect(await keyExists(card?.customerUid ?? '')).toBe(true);

    await app.emulator().injectFault({ method: 'DELETE', path: '/subscribe/customers/*', action: '503', count: 1 });
    const deletionFailed = await withdrawal(customer);
    expect(deletionFailed.status).toBe(503);
    expect((await errorOf(deletionFailed)).message).toContain('카드 정보');
    expect((await subscriber.get(paid.id)).status).toBe('cancelled');
    expect(await signedIn(customer.cookie)).not.toBeNull();

    const done = await withdrawal(customer);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ cancelledSubscriptions: 0, deletedCards: 1 });
    expect(await keyExists(card?.customerUid ?? '')).toBe(false);
    const [charge] = await app
      .db()
      .select()
      .from(subscriptionCharges)
      .where(eq(subscriptionCharges.subscriptionId, paid.id));
    const payment = await app.client().payments.get({ imp_uid: charge?.impUid ?? '' });
    // Refunded once, as quoted (by the second: the app's clock estimate may run on), however often it was asked.
    expect(payment.cancel_amount).toBeLessThanOrEqual(quote.refund);
    expect(payment.cancel_amount).toBeGreaterThanOrEqual(quote.refund - 2);
    expect(payment.cancel_history).toHaveLength(1);
    expect((await userRow(user.id))?.deletedAt).not.toBeNull();
    expect((await withdrawal(customer)).status).toBe(401);
  });
});

describe('email and password', () => {
  it('changes the password behind the current one with the signup rules; other sessions end, this one stays', async () => {
    const customer = await Customer.signUp();
    const other = await Customer.signIn(customer.user);
    const change = (body: unknown) => call(passwordRoute, '/api/account/password', 'PUT', body, customer.cookie);

    expect((await change({ currentPassword: 'wrong password', newPassword: 'a new password 1' })).status).toBe(403);
    expect(await errorOf(await change({ currentPassword: PASSWORD, newPassword: 'short' }))).toMatchObject({
      code: 'bad_request',
      fields: { newPassword: '비밀번호는 8자 이상이어야 합니다.' },
    });
    expect((await change({ currentPassword: PASSWORD, newPassword: PASSWORD })).status).toBe(400);
    expect(await signedIn(other.cookie)).not.toBeNull();

    expect((await change({ currentPassword: PASSWORD, newPassword: 'a new password 1' })).status).toBe(200);
    expect(await signedIn(customer.cookie)).not.toBeNull();
    expect(await signedIn(other.cookie)).toBeNull();
    expect((await signIn(customer.user.email)).status).toBe(401);
    expect((await signIn(customer.user.email, 'a new password 1')).status).toBe(200);
  });

  it('appends marketing consent answers, never changing an earlier one', async () => {
    const customer = await Customer.signUp();
    const version = signupTerm('marketing').version;
    const answer = (body: unknown) => call(marketingRoute, '/api/account/marketing', 'POST', body, customer.cookie);
    expect((await answer({ agreed: true, version })).status).toBe(201);
    expect((await answer({ agreed: false, version })).status).toBe(201);
    expect((await answer({ agreed: true, version: 'marketing-old' })).status).toBe(409);
    expect((await answer({ agreed: 'yes', version })).status).toBe(400);
    const rows = await app.db().select().from(consents).where(eq(consents.userId, customer.user.id));
    expect(rows.map((row) => [row.kind, row.agreed, row.termsVersion])).toEqual([
      ['marketing', true, version],
      ['marketing', false, version],
    ]);
  });
});
