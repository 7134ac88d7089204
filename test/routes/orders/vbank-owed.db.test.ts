// Money the shop owes back by itself on a 가상계좌 (issue 36, refund owed): a second account of one
// order deposited after the first paid it buys nothing. Its money goes back only to an account the
// customer names, so with none on file it is recorded owed (once, however many notices and
// reconciliations), the customer mailed once, and shown on the order page; the account given — ten
// submissions at once — refunds it exactly once. With an account already on file it is refunded at once.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as refundOwed } from '@/app/api/ops/owed-refunds/[id]/route';
import { GET as listOwed } from '@/app/api/ops/owed-refunds/route';
import { owedRefunds } from '@/lib/db/schema';
import { renderMail } from '@/lib/mailroom/templates';
import type { OwedRefundPage } from '@/lib/ops/client';
import { startCheckout } from '@/lib/orders/checkout';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { setupAppTest } from '@/test/app-harness';
import { customerCalls, detailOf, shipping, stored } from '@/test/kits/fulfilment';
import { auditOf, callOps, signedInOperator } from '@/test/kits/ops';
import { newKey, Shopper } from '@/test/kits/orders';
import { twoAccountsBothDeposited, twoAccountsIssued } from '@/test/kits/vbank';
import { customerAccount, refundAccountCall } from './vbank-kit';

const app = setupAppTest({ bridge: true });

const servicePayment = async (impUid: string) => (await app.emulator().payments()).find((p) => p.imp_uid === impUid);

const owedOf = async (impUid: string) => app.db().select().from(owedRefunds).where(eq(owedRefunds.impUid, impUid));

describe('a second 가상계좌 deposit for an order already paid', () => {
  it('is owed until the customer names an account (mailed once), then refunded once under ten submissions', async () => {
    const shopper = await Shopper.signUp();
    const { order, paidBy, second, notifications } = await twoAccountsBothDeposited(app, shopper);
    expect(notifications).toMatchObject([{ status: 'delivered', response_status: 200 }]);
    expect((await stored(order.merchantUid)).order).toMatchObject({ status: 'paid', impUid: paidBy });
    const [owed] = await owedOf(second);
    expect(owed).toMatchObject({ status: 'owed', amount: order.amount, userId: shopper.user.id });
    expect(await servicePayment(second)).toMatchObject({ status: 'paid', cancel_amount: 0 });

    // The notice again, and reconciliation: nothing more is written or asked; no error reported.
    await app.emulator().redeliverWebhook(notifications[0]?.id ?? '');
    const report = await reconcile();
    expect(report.payments.errors).toEqual([]);
    expect(await owedOf(second)).toHaveLength(1);
    const mails = await app.db().query.mailOutbox.findMany({ where: (m, { eq }) => eq(m.subject, second) });
    expect(mails.map((m) => m.kind)).toEqual(['refund_owed']);
    expect(mails[0]?.payload).toMatchObject({ orderNumber: order.orderNumber, amount: order.amount });
    const rendered = renderMail('refund_owed', mails[0]?.payload ?? {}, '김하늘');
    expect(rendered.subject).toContain('환불 계좌를 알려 주세요');
    for (const words of [order.orderNumber, '이미 처리된 주문의 중복 결제', '계좌이체로만', '주문 상세'])
      expect(rendered.text).toContain(words);

    const page = await detailOf(await customerCalls(shopper).detail(order.orderNumber));
    expect(page.owedRefunds).toEqual([
      { id: owed?.id, amount: order.amount, reason: '이미 처리된 주문의 중복 결제', state: 'owed', failure: null },
    ]);

    // Ten submissions of the account at once: one refund, to that account.
    const account = await customerAccount(app);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => refundAccountCall(shopper, order.orderNumber, account)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    const refunded = await servicePayment(second);
    expect(refunded).toMatchObject({ status: 'cancelled', cancel_amount: order.amount });
    expect(refunded?.cancel_history).toHaveLength(1);
    expect((await owedOf(second))[0]).toMatchObject({ status: 'refunded' });
    const promises = (await stored(order.merchantUid)).refunds.filter((r) => r.impUid === second);
    expect(promises).toMatchObject([
      { origin: 'owed', status: 'made', amount: order.amount, refundBank: '004', refundHolder: account.holder },
    ]);
    // The payment the order rests on is untouched.
    expect(await servicePayment(paidBy)).toMatchObject({ status: 'paid', cancel_amount: 0 });
    expect((await stored(order.merchantUid)).order).toMatchObject({ status: 'paid', refundedAmount: 0 });
    const after = await detailOf(await customerCalls(shopper).detail(order.orderNumber));
    expect(after.owedRefunds).toMatchObject([{ state: 'refunded' }]);
    const refundMails = await app.db().query.mailOutbox.findMany({ where: (m, { eq }) => eq(m.subject, second) });
    expect(refundMails.map((m) => m.kind).sort()).toEqual(['refund', 'refund_owed']);

    // Reconciliation afterwards changes nothing.
    await reconcile();
    expect((await servicePayment(second))?.cancel_history).toHaveLength(1);
  });

  it('is refunded at once to the account already on the order', async () => {
    const shopper = await Shopper.signUp();
    const { order, first, second: secondUid } = await twoAccountsIssued(app, shopper);
    const account = await customerAccount(app);
    expect((await refundAccountCall(shopper, order.orderNumber, account)).status).toBe(200);
    await app.emulator().deposit(first);
    await app.emulator().deposit(secondUid);
    expect(await servicePayment(secondUid)).toMatchObject({ status: 'cancelled', cancel_amount: order.amount });
    expect((await owedOf(secondUid))[0]).toMatchObject({ status: 'refunded' });
    const mails = await app.db().query.mailOutbox.findMany({ where: (m, { eq }) => eq(m.subject, secondUid) });
    expect(mails.map((m) => m.kind)).toEqual(['refund']);
  });
  it('the account given while the service is out of reach is kept; reconciliation then refunds once', async () => {
    const shopper = await Shopper.signUp();
    const { order, second } = await twoAccountsBothDeposited(app, shopper);
    await app.emulator().injectFault({ method: 'GET', path: '/payments/*', action: '503', count: 10 });
    const answer = await refundAccountCall(shopper, order.orderNumber, await customerAccount(app));
    expect(answer.status).toBe(503);
    await app.emulator().clearFaults();
    expect((await stored(order.merchantUid)).order.refundAccount).toBe('12345678901234');
    expect((await owedOf(second))[0]).toMatchObject({ status: 'owed' });
    expect((await reconcile()).orders.errors).toEqual([]);
    expect((await owedOf(second))[0]).toMatchObject({ status: 'refunded' });
    expect((await servicePayment(second))?.cancel_history).toHaveLength(1);
    await reconcile();
    expect((await servicePayment(second))?.cancel_history).toHaveLength(1);
  });
});

describe('a 가상계좌 payment under an order number unknown here', () => {
  it('reconciliation records it owed (no one to mail); an operator gives the account in the console, refunded once', async () => {
    const merchantUid = `ord_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const now = await app.emulator().now();
    const issued = await app.emulator().rest<{ imp_uid: string }>('POST', '/vbanks', {
      merchant_uid: merchantUid,
      amount: 12_000,
      vbank_code: '004',
      vbank_due: now + 86_400,
      vbank_holder: '커피상점',
    });
    const impUid = issued.body.response?.imp_uid ?? '';
    await app.emulator().deposit(impUid);
    const report = await reconcile();
    expect(report.payments.errors).toEqual([]);
    expect(report.payments.found).toEqual([expect.stringContaining(`${merchantUid}: refund owed`)]);
    expect((await owedOf(impUid))[0]).toMatchObject({ status: 'owed', userId: null, orderId: null, amount: 12_000 });
    // Again: accounted for by its owed refund, nothing more.
    expect((await reconcile()).payments.found).toEqual([]);

    const viewer = await signedInOperator('viewer');
    const list = await callOps(listOwed, '/api/ops/owed-refunds?state=owed', { cookie: viewer.cookie });
    expect(list.status).toBe(200);
    const { rows } = (await list.json()) as OwedRefundPage;
    const row = rows.find((r) => r.impUid === impUid);
    expect(row).toMatchObject({ orderNumber: null, amount: 12_000, reason: '주문 내역에 없는 결제', state: 'owed' });

    const refunder = await signedInOperator('refunder');
    const give = (body: unknown) =>
      callOps(refundOwed, `/api/ops/owed-refunds/${row?.id}`, {
        method: 'POST',
        body,
        cookie: refunder.cookie,
        params: { id: row?.id ?? '' },
      });
    expect(
      (
        await callOps(refundOwed, '/x', {
          method: 'POST',
          body: {},
          cookie: viewer.cookie,
          params: { id: row?.id ?? '' },
        })
      ).status,
    ).toBe(403);
    const none = await give({});
    expect(none.status).toBe(422);
    expect((await none.json()).error.code).toBe('refund_account_required');
    const account = await customerAccount(app);
    const wrong = await give({ refundAccount: { ...account, holder: '홍길동' } });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).error.fields).toHaveProperty(['refundAccount.holder']);
    expect(await servicePayment(impUid)).toMatchObject({ status: 'paid', cancel_amount: 0 });

    const answers = await Promise.all(Array.from({ length: 5 }, () => give({ refundAccount: account })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const refunded = await servicePayment(impUid);
    expect(refunded).toMatchObject({ status: 'cancelled', cancel_amount: 12_000 });
    expect(refunded?.cancel_history).toHaveLength(1);
    expect((await owedOf(impUid))[0]).toMatchObject({ status: 'refunded' });
    expect((await give({ refundAccount: account })).status).toBe(409);
    const audit = await auditOf(merchantUid);
    expect(audit.map((a) => [a.action, a.operatorId])).toEqual([['order.owed_refund', refunder.operator.id]]);
  });
});

describe('a 가상계좌 deposit of an amount not the order’s', () => {
  it('fails the order with the reason, owes the money, and refunds it once the customer names an account', async () => {
    const shopper = await Shopper.signUp();
    const checkout = await startCheckout(shopper.user, {
      productId: 'drip-bag-20',
      idempotencyKey: newKey(),
      quantity: 1,
      shipping,
      saveAddress: false,
      payMethod: 'vbank',
    });
    // An account of another amount whose ready notice never came (the app would have closed it), then paid.
    await app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });
    const issued = await app.emulator().rest<{ imp_uid: string }>('POST', '/vbanks', {
      merchant_uid: checkout.merchantUid,
      amount: checkout.amount + 1_000,
      vbank_code: '004',
      vbank_due: (await app.emulator().now()) + 86_400,
    });
    const impUid = issued.body.response?.imp_uid ?? '';
    const { notifications } = await app.emulator().deposit(impUid);
    expect(notifications).toMatchObject([{ status: 'delivered', response_status: 200 }]);
    const reason = `결제 금액(${checkout.amount + 1_000}원)이 주문 금액(${checkout.amount}원)과 달라 결제를 돌려드립니다.`;
    expect((await stored(checkout.merchantUid)).order).toMatchObject({
      status: 'failed',
      impUid: null,
      failReason: reason,
    });
    expect((await owedOf(impUid))[0]).toMatchObject({ status: 'owed', amount: checkout.amount + 1_000, reason });
    // The notice again finds the order given up on and the refund already owed: nothing more.
    await app.emulator().redeliverWebhook(notifications[0]?.id ?? '');
    await reconcile();
    expect(await owedOf(impUid)).toHaveLength(1);
    expect(await servicePayment(impUid)).toMatchObject({ status: 'paid', cancel_amount: 0 });

    const { order } = await stored(checkout.merchantUid);
    const page = await detailOf(await customerCalls(shopper).detail(order.orderNumber));
    expect(page.owedRefunds).toMatchObject([{ state: 'owed', amount: checkout.amount + 1_000, reason }]);
    expect((await refundAccountCall(shopper, order.orderNumber, await customerAccount(app))).status).toBe(200);
    expect(await servicePayment(impUid)).toMatchObject({ status: 'cancelled', cancel_amount: checkout.amount + 1_000 });
    expect((await owedOf(impUid))[0]).toMatchObject({ status: 'refunded' });
  });
});
