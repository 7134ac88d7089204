// An operator's refund of a 가상계좌 payment goes to the customer's bank account: the one they left
// on the order, or one the operator types (its holder checked at the service). Without an account,
// with a holder that is not the account's, or with an account the service does not know, the refund
// is refused with a 4xx and nothing changes: no promise, no audit row, nothing at the service.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as refundRoute } from '@/app/api/ops/payments/[merchantUid]/refunds/route';
import { GET as detailRoute } from '@/app/api/ops/payments/[merchantUid]/route';
import { getDb } from '@/lib/db/connection';
import { refunds } from '@/lib/db/schema';
import type { PaymentDetail } from '@/lib/ops/client/payments';
import { setupAppTest } from '@/test/app-harness';
import { auditCount, callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { awaitingVbank, deposit, leaveRefundAccount, orderRow, type VbankOrder } from './vbank-orders';

const app = setupAppTest();
let refunder: SignedInOperator;

beforeAll(async () => {
  refunder = await signedInOperator('refunder');
});

const refund = (merchantUid: string, body: Record<string, unknown>) =>
  callOps(refundRoute, `/api/ops/payments/${merchantUid}/refunds`, {
    method: 'POST',
    cookie: refunder.cookie,
    params: { merchantUid },
    body: { reason: 'customer_request', note: '', ...body },
  });

const detail = async (merchantUid: string): Promise<PaymentDetail> =>
  (
    await callOps(detailRoute, `/api/ops/payments/${merchantUid}`, { cookie: refunder.cookie, params: { merchantUid } })
  ).json();

async function paidVbank(): Promise<VbankOrder> {
  const order = await awaitingVbank(app.emulator(), await Shopper.signUp());
  await deposit(app.emulator(), order);
  expect(await orderRow(order.merchantUid)).toMatchObject({ status: 'paid', payMethod: 'vbank' });
  return order;
}

/** The emulator's holder of an account (derived from bank and number, as a real bank would answer). */
const holderOf = (bank: string, account: string) => app.client().vbanks.holder({ bank_code: bank, bank_num: account });

const refundRows = async (impUid: string) => (await getDb()).select().from(refunds).where(eq(refunds.impUid, impUid));
const atService = async (impUid: string) => (await app.emulator().payments()).find((p) => p.imp_uid === impUid);

/** Nothing happened: no promise, no audit row, nothing cancelled at the service, the order still paid. */
async function expectNothingChanged(order: VbankOrder, auditsBefore: number) {
  expect(await refundRows(order.impUid)).toEqual([]);
  expect(await auditCount()).toBe(auditsBefore);
  expect(await atService(order.impUid)).toMatchObject({ status: 'paid', cancel_amount: 0 });
  expect(await orderRow(order.merchantUid)).toMatchObject({ status: 'paid', refundedAmount: 0 });
}

describe('refunds of a 가상계좌 from the console', () => {
  it('goes to the account the customer left on the order; the detail shows the account and the method', async () => {
    const order = await paidVbank();
    const account = { bank: '088', account: '110234567890', holder: await holderOf('088', '110234567890') };
    await leaveRefundAccount(order.merchantUid, account);

    const seen = await detail(order.merchantUid);
    expect(seen.record).toMatchObject({
      payMethod: 'vbank',
      status: 'paid',
      refundAccount: { bank: '088', bankName: '신한은행', account: '110234567890', holder: account.holder },
      vbank: { bankName: expect.any(String), accountNumber: expect.any(String), due: expect.any(Number) },
    });
    expect(seen.service).toMatchObject({ method: 'vbank', vbank: { accountNumber: expect.any(String) } });

    const answer = await refund(order.merchantUid, { amount: order.amount, refundable: order.amount });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ refunded: order.amount, refundable: 0, status: 'cancelled' });
    expect(await refundRows(order.impUid)).toEqual([
      expect.objectContaining({
        status: 'made',
        refundBank: '088',
        refundAccount: '110234567890',
        refundHolder: account.holder,
      }),
    ]);
    expect(await orderRow(order.merchantUid)).toMatchObject({ status: 'refunded', refundedAmount: order.amount });
  });

  it('goes to an account the operator typed (dashes dropped), over the one stored', async () => {
    const order = await paidVbank();
    await leaveRefundAccount(order.merchantUid, { bank: '004', account: '12345678901', holder: '다른사람' });
    const holder = await holderOf('090', '3333012345678');

    const answer = await refund(order.merchantUid, {
      amount: 5_000,
      refundable: order.amount,
      refundAccount: { bank: '090', account: '3333-01-2345678', holder: ` ${holder} ` },
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ refunded: 5_000, refundable: order.amount - 5_000, status: 'paid' });
    expect(await refundRows(order.impUid)).toEqual([
      expect.objectContaining({ refundBank: '090', refundAccount: '3333012345678', refundHolder: holder }),
    ]);
  });

  it('refuses a typed holder that is not the account holder, and changes nothing', async () => {
    const order = await paidVbank();
    const audits = await auditCount();
    const answer = await refund(order.merchantUid, {
      amount: order.amount,
      refundable: order.amount,
      refundAccount: { bank: '004', account: '12345678901', holder: '아무개' },
    });
    expect(answer.status).toBe(400);
    const { error } = await answer.json();
    expect(error.code).toBe('refund_holder_mismatch');
    expect(error.fields).toHaveProperty(['refundAccount.holder']);
    await expectNothingChanged(order, audits);
  });

  it("refuses a stored account whose holder is not the account's", async () => {
    const order = await paidVbank();
    await leaveRefundAccount(order.merchantUid, { bank: '004', account: '12345678901', holder: '아무개' });
    const audits = await auditCount();
    const answer = await refund(order.merchantUid, { amount: order.amount, refundable: order.amount });
    expect(answer.status).toBe(400);
    expect((await answer.json()).error.code).toBe('refund_holder_mismatch');
    await expectNothingChanged(order, audits);
  });

  it('refuses without an account (none stored, none typed), and changes nothing', async () => {
    const order = await paidVbank();
    const audits = await auditCount();
    const answer = await refund(order.merchantUid, { amount: order.amount, refundable: order.amount });
    expect(answer.status).toBe(422);
    const { error } = await answer.json();
    expect(error.code).toBe('refund_account_required');
    expect(error.message).toContain('계좌');
    await expectNothingChanged(order, audits);
  });

  it('refuses an account the service does not know, and a malformed one, and changes nothing', async () => {
    const order = await paidVbank();
    const audits = await auditCount();
    const missing = await refund(order.merchantUid, {
      amount: order.amount,
      refundable: order.amount,
      refundAccount: { bank: '004', account: '12345670000', holder: '김민준' },
    });
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatchObject({
      code: 'refund_account_not_found',
      fields: { 'refundAccount.account': expect.any(String) },
    });
    for (const refundAccount of [
      { bank: '999', account: '12345678901', holder: '김민준' },
      { bank: '004', account: '12-34', holder: '김민준' },
      { bank: '004', account: '12345678901', holder: '' },
      { bank: '004', account: '1234abcd5678', holder: '김민준' },
    ]) {
      const bad = await refund(order.merchantUid, { amount: order.amount, refundable: order.amount, refundAccount });
      expect(bad.status).toBe(400);
    }
    await expectNothingChanged(order, audits);
  });
});
