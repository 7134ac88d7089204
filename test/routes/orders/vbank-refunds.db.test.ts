// A 가상계좌 order cancelled or returned (issue 36, part 2): before the deposit the cancel closes the
// account at the service (nothing to refund; a deposit racing it is decided by the service's record);
// after it, the refund goes to the customer's own account — entered on the order page with its holder
// checked at the service, sent with the cancel or the operator's approval of a return — and without
// one on file the refund is refused with a 409 that changes nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '@/lib/db/schema';
import { renderMail } from '@/lib/mailroom/templates';
import { setupAppTest } from '@/test/app-harness';
import { customerCalls, detailOf, operatorCalls, paidDelivery, ship, stored } from '@/test/kits/fulfilment';
import { type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { customerAccount, refundAccountCall, renderedMails, vbankOrder } from './vbank-kit';

const app = setupAppTest({ bridge: true });
let operator: SignedInOperator;

beforeAll(async () => {
  operator = await signedInOperator('refunder');
});

const servicePayment = async (impUid: string) => (await app.emulator().payments()).find((p) => p.imp_uid === impUid);
const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } }).error;

async function paidVbankOrder() {
  const shopper = await Shopper.signUp();
  const placed = await vbankOrder(app, shopper);
  await app.emulator().deposit(placed.impUid);
  expect((await stored(placed.order.merchantUid)).order.status).toBe('paid');
  return { shopper, ...placed };
}

describe('cancelling a 가상계좌 order before its deposit', () => {
  it('closes the account at the service and cancels the order; nothing to refund; a deposit after is refused', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await vbankOrder(app, shopper);
    const response = await customerCalls(shopper).cancel(order.orderNumber);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.result).toEqual({ refund: 'none', amount: 0 });
    expect(body.order).toMatchObject({ status: 'cancelled', mayCancel: false });
    expect(await servicePayment(impUid)).toMatchObject({ status: 'cancelled', cancel_amount: 0 });
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'cancelled', failReason: expect.stringContaining('가상계좌를 닫았') });
    expect(after.mails).toEqual(['order_update:cancelled', 'vbank_issued:issued']);
    expect(after.refunds).toEqual([]);
    const [mail] = await renderedMails(order.merchantUid, 'order_update');
    expect(mail?.text).toContain('결제된 금액은 없습니다');
    await expect(app.emulator().deposit(impUid)).rejects.toMatchObject({ status: 409 });
    // Again (a double click): the same answer, nothing more.
    expect((await customerCalls(shopper).cancel(order.orderNumber)).status).toBe(409);
  });

  it('the deposit came first (its notice not here yet): the record decides — paid, and its refund needs an account', async () => {
    const shopper = await Shopper.signUp();
    const { order, impUid } = await vbankOrder(app, shopper);
    await app.emulator().setWebhookSwitch({ mode: 'drop', count: 1 });
    await app.emulator().deposit(impUid);
    const refused = await customerCalls(shopper).cancel(order.orderNumber);
    expect(refused.status).toBe(409);
    const error = await errorOf(refused);
    expect(error.code).toBe('refund_account_required');
    expect(error.message).toContain('환불 계좌');
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'paid', fulfilment: 'ordered', refundedAmount: 0 });
    expect(after.refunds).toEqual([]);
    expect(await servicePayment(impUid)).toMatchObject({ status: 'paid', cancel_amount: 0 });
  });
});

describe('the refund account', () => {
  it('is kept once its holder matches the service’s; shown masked; audited', async () => {
    const { shopper, order } = await paidVbankOrder();
    const account = await customerAccount(app, '110-234-567890');
    const response = await refundAccountCall(shopper, order.orderNumber, {
      ...account,
      holder: ` ${account.holder.slice(0, 1)} ${account.holder.slice(1)} `,
    });
    expect(response.status).toBe(200);
    const { order: detail } = await response.json();
    expect(detail.refundAccount).toEqual({ bankName: 'KB국민은행', account: '********7890', holder: account.holder });
    expect(JSON.stringify(detail)).not.toContain('110234567890');
    expect((await stored(order.merchantUid)).order).toMatchObject({
      refundBank: '004',
      refundAccount: '110234567890',
      refundHolder: account.holder,
    });
    const audit = await app.db().select().from(auditLog).where(eq(auditLog.targetId, order.merchantUid));
    expect(audit.map((row) => [row.action, row.note])).toEqual([['order.refund_account', '004 ********7890']]);
  });

  it.each([
    ['a holder that is not the account’s', { holder: '홍길동' }, 422, 'refund_holder_mismatch'],
    ['an account the bank does not have', { account: '1234567890000' }, 422, 'refund_account_not_found'],
    ['an unknown bank', { bank: '999' }, 400, 'bad_request'],
    ['letters in the number', { account: '1234-abcd-5678' }, 400, 'bad_request'],
    ['a number too short', { account: '1234567' }, 400, 'bad_request'],
    ['a holder with markup', { holder: '<b>김하늘</b>' }, 400, 'bad_request'],
    ['an extra field', { amount: 1 }, 400, 'bad_request'],
  ])('%s: refused, nothing kept', async (_, change, status, code) => {
    const { shopper, order } = await paidVbankOrder();
    const account = await customerAccount(app);
    const response = await refundAccountCall(shopper, order.orderNumber, { ...account, ...change });
    expect(response.status).toBe(status);
    const error = await errorOf(response);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/[가-힣]/);
    expect((await stored(order.merchantUid)).order).toMatchObject({ refundAccount: null, refundHolder: null });
  });

  it('is refused on a card order (409) and on another customer’s order (404)', async () => {
    const { order } = await paidVbankOrder();
    const account = await customerAccount(app);
    const stranger = await Shopper.signUp();
    expect((await refundAccountCall(stranger, order.orderNumber, account)).status).toBe(404);
    const card = await Shopper.withCard();
    const cardOrder = await paidDelivery(card);
    const response = await refundAccountCall(card, cardOrder.orderNumber, account);
    expect(response.status).toBe(409);
    expect((await errorOf(response)).code).toBe('refund_account_not_needed');
    expect((await stored(order.merchantUid)).order.refundAccount).toBeNull();
    expect((await stored(cardOrder.merchantUid)).order.refundAccount).toBeNull();
  });
});

describe('a refund of a paid 가상계좌 order', () => {
  it('the customer’s cancel before shipping: refused without an account, then refunded to it once', async () => {
    const { shopper, order, impUid } = await paidVbankOrder();
    const calls = customerCalls(shopper);
    const refused = await calls.cancel(order.orderNumber);
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('refund_account_required');
    expect((await stored(order.merchantUid)).order).toMatchObject({ status: 'paid', fulfilment: 'ordered' });

    const account = await customerAccount(app);
    expect((await refundAccountCall(shopper, order.orderNumber, account)).status).toBe(200);
    const response = await calls.cancel(order.orderNumber);
    expect(response.status).toBe(200);
    expect((await response.json()).result).toEqual({ refund: 'made', amount: order.amount });
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ status: 'refunded', fulfilment: 'cancelled', refundedAmount: order.amount });
    expect(after.refunds).toMatchObject([
      { origin: 'order_cancel', status: 'made', refundBank: '004', refundAccount: account.account },
    ]);
    expect((await servicePayment(impUid))?.cancel_history).toHaveLength(1);
    const [mail] = await renderedMails(order.merchantUid, 'order_update');
    expect(mail?.text).toContain('전액 환불');
  });

  it('a return approved by the operator: refused without an account (nothing changes), then refunded to it', async () => {
    const { shopper, order, impUid } = await paidVbankOrder();
    const ops = operatorCalls(operator);
    expect((await ops.step(order.orderNumber, ship)).status).toBe(200);
    expect((await ops.step(order.orderNumber, { action: 'deliver' })).status).toBe(200);
    const calls = customerCalls(shopper);
    expect((await calls.requestReturn(order.orderNumber, { reason: 'damaged' })).status).toBe(200);

    const refused = await ops.decide(order.orderNumber, { decision: 'approve', fee: 0 });
    expect(refused.status).toBe(409);
    expect((await errorOf(refused)).code).toBe('refund_account_required');
    expect((await stored(order.merchantUid)).order).toMatchObject({ returnStatus: 'requested', status: 'paid' });
    expect((await stored(order.merchantUid)).refunds).toEqual([]);

    const account = await customerAccount(app, '3333-01-2345678');
    expect((await refundAccountCall(shopper, order.orderNumber, account)).status).toBe(200);
    const approved = await ops.decide(order.orderNumber, { decision: 'approve', fee: 0 });
    expect(approved.status).toBe(200);
    const after = await stored(order.merchantUid);
    expect(after.order).toMatchObject({ returnStatus: 'approved', status: 'refunded', refundedAmount: order.amount });
    expect(after.refunds).toMatchObject([
      { origin: 'order_return', status: 'made', refundBank: '004', refundAccount: '3333012345678' },
    ]);
    expect(await servicePayment(impUid)).toMatchObject({ status: 'cancelled', cancel_amount: order.amount });
    const [refundMail] = await refundMailsOf(impUid);
    expect(refundMail?.text).toContain('등록하신 환불 계좌로 입금됩니다');
    const detail = await detailOf(await calls.detail(order.orderNumber));
    expect(detail.refundAccount?.account).toBe('*********5678');
  });
});

/** The refund mails of a payment (keyed by its imp_uid), rendered. */
async function refundMailsOf(impUid: string) {
  const rows = await app.db().select().from(mailOutbox).where(eq(mailOutbox.subject, impUid));
  return rows.map((row) => renderMail(row.kind, row.payload, ''));
}
