// Operators' refunds through the console's route: partial refunds summing to the amount and then
// one more refused, two refunds racing (the checksum lets one through), a lost answer resolved from
// the service's record, a refusal leaving nothing behind, the customer's orders showing the refund,
// and the audit row committed with each refund and never with a refused one.
import { beforeAll, describe, expect, it } from 'vitest';
import { POST as refundRoute } from '@/app/api/ops/payments/[merchantUid]/refunds/route';
import { GET as detailRoute } from '@/app/api/ops/payments/[merchantUid]/route';
import { GET as searchRoute } from '@/app/api/ops/payments/route';
import type { PaymentDetail, PaymentRow } from '@/lib/ops/client/payments';
import { reconcile } from '@/lib/reconciliation/reconcile';
import { setupAppTest } from '@/test/app-harness';
import { auditCount, auditOf, callOps, type SignedInOperator, signedInOperator } from '@/test/kits/ops';
import { Shopper } from '@/test/kits/orders';
import { withAnswersLost } from '@/test/lossy-client';

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

const servicePayment = async (impUid: string | null) =>
  (await app.emulator().payments()).find((p) => p.imp_uid === impUid);

async function paidOrder() {
  const shopper = await Shopper.withCard();
  const order = await shopper.buyNow('drip-bag-20');
  expect(order.status).toBe('paid');
  return { shopper, order };
}

describe('operator refunds', () => {
  it('partial refunds summing to the amount, then one more refused; the customer sees each', async () => {
    const { shopper, order } = await paidOrder();
    expect(order.amount).toBe(15_900);

    const first = await refund(order.merchantUid, { amount: 3_000, refundable: 15_900, note: '전화 요청' });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ refunded: 3_000, refundable: 12_900, status: 'paid' });
    const [mine] = await shopper.orders();
    expect(mine).toMatchObject({ status: 'paid', refundedAmount: 3_000 });

    const seen = await detail(order.merchantUid);
    expect(seen.record).toMatchObject({ status: 'partially_refunded', refundedAmount: 3_000 });
    expect(seen.service).toMatchObject({ status: 'paid', cancelAmount: 3_000, cancelHistory: [{ amount: 3_000 }] });
    expect(seen.refundable).toBe(12_900);

    expect((await refund(order.merchantUid, { amount: 12_900, refundable: 12_900, reason: 'defective' })).status).toBe(
      200,
    );
    expect((await shopper.orders())[0]).toMatchObject({ status: 'refunded', refundedAmount: 15_900 });
    expect(await servicePayment(seen.record.impUid)).toMatchObject({ status: 'cancelled', cancel_amount: 15_900 });

    const before = await auditCount();
    const more = await refund(order.merchantUid, { amount: 1, refundable: 0 });
    expect(more.status).toBe(409);
    expect((await more.json()).error.code).toBe('not_refundable');
    expect(await auditCount()).toBe(before);

    const rows = await auditOf(order.merchantUid);
    expect(rows.map((row) => [row.action, row.amount, row.reason, row.operatorEmail]).sort()).toEqual([
      ['payment.refund', 12_900, 'defective', refunder.operator.email],
      ['payment.refund', 3_000, 'customer_request', refunder.operator.email],
    ]);
    expect(rows.find((row) => row.amount === 3_000)).toMatchObject({
      note: '전화 요청',
      result: 'refunded 3000; 12900 left',
    });
  });

  it('refuses more than is refundable, and a balance that is no longer current, changing nothing', async () => {
    const { order } = await paidOrder();
    const before = await auditCount();
    const over = await refund(order.merchantUid, { amount: 16_000, refundable: 15_900 });
    expect(over.status).toBe(400);
    const stale = await refund(order.merchantUid, { amount: 1_000, refundable: 20_000 });
    expect(stale.status).toBe(409);
    expect((await stale.json()).error.code).toBe('refund_conflict');
    const bad = await refund(order.merchantUid, { amount: -5, refundable: 15_900, reason: 'because' });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(['amount', 'reason']);
    expect(await auditCount()).toBe(before);
    expect((await detail(order.merchantUid)).service).toMatchObject({ cancelAmount: 0 });
  });

  it('two refunds at once: the checksum lets exactly one through', async () => {
    const { shopper, order } = await paidOrder();
    const answers = await Promise.all([
      refund(order.merchantUid, { amount: 5_000, refundable: 15_900 }),
      refund(order.merchantUid, { amount: 5_000, refundable: 15_900 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    if (!refused) throw new Error('no refusal');
    // Refused by the service (the checksum), by the balance read, or while the other is in flight.
    expect(['refund_refused', 'refund_conflict', 'refund_in_progress']).toContain((await refused.json()).error.code);
    const impUid = (await detail(order.merchantUid)).record.impUid;
    expect(await servicePayment(impUid)).toMatchObject({ status: 'paid', cancel_amount: 5_000 });
    expect((await shopper.orders())[0]).toMatchObject({ refundedAmount: 5_000 });
    expect(await auditOf(order.merchantUid)).toHaveLength(1);
  });

  it('a lost answer is resolved from the service record: the refund that happened is recorded once', async () => {
    const { shopper, order } = await paidOrder();
    const response = await withAnswersLost(app, 'POST /payments/cancel', () =>
      refund(order.merchantUid, { amount: 2_000, refundable: 15_900 }),
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ refunded: 2_000, refundable: 13_900 });
    expect((await shopper.orders())[0]).toMatchObject({ refundedAmount: 2_000 });
    expect(await auditOf(order.merchantUid)).toHaveLength(1);
  });

  it('a refund the service never made (its answer a 500, nothing moved) is 503, no audit row; reconciliation makes it once', async () => {
    const { shopper, order } = await paidOrder();
    await app.emulator().injectFault({ method: 'POST', path: '/payments/cancel', action: '500', count: 1 });
    const response = await refund(order.merchantUid, { amount: 2_000, refundable: 15_900 });
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe('refund_unknown');
    expect((await shopper.orders())[0]).toMatchObject({ status: 'paid', refundedAmount: 0 });
    expect(await auditOf(order.merchantUid)).toHaveLength(0);
    // Accepted from the operator: made at the service exactly once, with its audit row.
    expect((await reconcile()).refunds).toMatchObject({ resolved: 1, failed: [], errors: [] });
    const impUid = (await detail(order.merchantUid)).record.impUid;
    expect((await servicePayment(impUid))?.cancel_history).toHaveLength(1);
    expect((await shopper.orders())[0]).toMatchObject({ status: 'paid', refundedAmount: 2_000 });
    expect(await auditOf(order.merchantUid)).toMatchObject([{ action: 'payment.refund', amount: 2_000 }]);
    expect((await reconcile()).refunds).toMatchObject({ resolved: 0 });
  });

  it('a lost refund that another refund overtook is reported failed in the audit log, never made', async () => {
    const { order } = await paidOrder();
    await app.emulator().injectFault({ method: 'POST', path: '/payments/cancel', action: 'drop', count: 1 });
    expect((await refund(order.merchantUid, { amount: 2_000, refundable: 15_900 })).status).toBe(503);
    const impUid = (await detail(order.merchantUid)).record.impUid;
    // The service's own console refunds some of it meanwhile: the lost one's checksum is stale.
    await app.emulator().rest('POST', '/payments/cancel', { imp_uid: impUid, amount: 500 });
    expect((await reconcile()).refunds).toMatchObject({
      resolved: 1,
      failed: [expect.stringContaining(order.merchantUid)],
    });
    expect((await servicePayment(impUid))?.cancel_history).toHaveLength(1);
    expect(await auditOf(order.merchantUid)).toMatchObject([
      { action: 'payment.refund_failed', amount: 2_000, result: expect.stringContaining('not refunded') },
    ]);
  });

  it('search finds it by customer email, kind and status, paginated on the server', async () => {
    const { shopper, order } = await paidOrder();
    await shopper.buyNow('drip-bag-20');
    expect((await refund(order.merchantUid, { amount: 1_000, refundable: 15_900 })).status).toBe(200);
    const search = async (query: string) =>
      (await (await callOps(searchRoute, `/api/ops/payments?${query}`, { cookie: refunder.cookie })).json()) as {
        rows: PaymentRow[];
        total: number;
      };
    const email = encodeURIComponent(shopper.user.email);
    const all = await search(`email=${email}&kind=one_click`);
    expect(all.total).toBe(2);
    const page2 = await search(`email=${email}&pageSize=1&page=2`);
    expect(page2).toMatchObject({ total: 2, rows: [expect.objectContaining({ customerEmail: shopper.user.email })] });
    const partial = await search(`email=${email}&status=partially_refunded`);
    expect(partial.rows.map((r) => r.merchantUid)).toEqual([order.merchantUid]);
    expect((await search(`merchantUid=${order.merchantUid}`)).rows).toHaveLength(1);
    expect((await search(`email=${email}&kind=subscription`)).total).toBe(0);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    expect((await search(`email=${email}&from=${today}&to=${today}`)).total).toBe(2);
    expect((await search(`email=${email}&from=2000-01-01&to=2000-01-02`)).total).toBe(0);
    const bad = await callOps(searchRoute, '/api/ops/payments?kind=lottery&from=yesterday', {
      cookie: refunder.cookie,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()).error.fields).sort()).toEqual(['from', 'kind']);
  });
});
