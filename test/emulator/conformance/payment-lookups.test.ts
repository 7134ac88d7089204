// Several payments at once (GET /payments: 207 when only some are found), every payment of an order
// number (GET /payments/findAll/…), and a payment's balance after refunds.
import { describe, expect, it } from 'vitest';
import type { PaymentWire } from '../kit';
import { cardFields, uid, useEmulator } from './harness';

interface Page {
  total: number;
  previous: number;
  next: number;
  list: PaymentWire[];
}

describe('Payment lookups', () => {
  const s = useEmulator();
  const pay = async (merchantUid = uid(), card: Parameters<typeof cardFields>[0] = 'approved', amount = 11_000) =>
    (
      await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
        merchant_uid: merchantUid,
        amount,
        ...cardFields(card),
      })
    ).body.response as PaymentWire;

  it('GET /payments: by imp_uid[] and merchant_uid[] in the order asked; 207 with the found ones, 404 for none', async () => {
    const [a, b] = [await pay(), await pay()];
    const all = await s.api.get<PaymentWire[]>(
      `/payments?imp_uid[]=${b.imp_uid}&imp_uid[]=${a.imp_uid}&merchant_uid[]=${a.merchant_uid}`,
      'MultiplePaymentsResponse',
    );
    expect(all.status).toBe(200);
    expect(all.body.response?.map((p) => p.imp_uid)).toEqual([b.imp_uid, a.imp_uid, a.imp_uid]);
    const some = await s.api.get<PaymentWire[]>(
      `/payments?imp_uid[]=${a.imp_uid}&imp_uid[]=imp_000000000000`,
      'MultiplePaymentsResponse',
    );
    expect([some.status, some.body.response?.map((p) => p.imp_uid)]).toEqual([207, [a.imp_uid]]);
    const none = await s.api.get('/payments?imp_uid[]=imp_000000000000', 'MultiplePaymentsResponse');
    expect([none.status, none.body.code]).toEqual([404, -1]);
    expect((await s.api.get('/payments', 'MultiplePaymentsResponse')).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => `imp_uid[]=x${i}`).join('&');
    expect((await s.api.get(`/payments?${tooMany}`, 'MultiplePaymentsResponse')).status).toBe(400);
  });

  it('GET /payments/findAll/{merchant_uid}[/{status}]: every attempt of an order, paged and sorted', async () => {
    const order = uid('retry');
    const failed = await pay(order, 'insufficientBalance');
    await s.emulator.advanceClock(60);
    const paid = await pay(order);
    const all = await s.api.get<Page>(`/payments/findAll/${order}`, 'PaymentListResponse');
    expect(all.body.response).toMatchObject({ total: 2, previous: 0, next: 0 });
    expect(all.body.response?.list.map((p) => p.imp_uid)).toEqual([paid.imp_uid, failed.imp_uid]);
    const oldest = await s.api.get<Page>(`/payments/findAll/${order}?sorting=started&limit=1`, 'PaymentListResponse');
    expect(oldest.body.response).toMatchObject({ total: 2, next: 2 });
    expect(oldest.body.response?.list.map((p) => p.imp_uid)).toEqual([failed.imp_uid]);
    const onlyFailed = await s.api.get<Page>(`/payments/findAll/${order}/failed`, 'PaymentListResponse');
    expect(onlyFailed.body.response?.list.map((p) => p.status)).toEqual(['failed']);
    expect((await s.api.get(`/payments/findAll/${order}/cancelled`, 'PaymentListResponse')).status).toBe(404);
    expect((await s.api.get(`/payments/findAll/${order}/done`, 'PaymentListResponse')).status).toBe(400);
  });

  it('GET /payments/{imp_uid}/balance: what is left after each refund, VAT 1/11', async () => {
    const payment = await pay(uid(), 'approved', 11_000);
    await s.emulator.advanceClock(60);
    await s.api.post('/payments/cancel', 'PaymentResponse', { imp_uid: payment.imp_uid, amount: 5500 });
    const balance = await s.api.get<{
      amount: number;
      primary: { supply: number; vat: number };
      histories: { primary: { supply: number; vat: number }; created: number }[];
    }>(`/payments/${payment.imp_uid}/balance`, 'PaymentBalanceResponse');
    expect(balance.body.response).toMatchObject({ amount: 11_000, primary: { supply: 5000, vat: 500 } });
    expect(balance.body.response?.histories.map((h) => [h.primary.supply + h.primary.vat, h.created])).toEqual([
      [11_000, payment.paid_at],
      [5500, payment.paid_at + 60],
    ]);
    const declined = await pay(uid(), 'insufficientBalance');
    const nothing = await s.api.get<{ primary: { supply: number }; histories: unknown[] }>(
      `/payments/${declined.imp_uid}/balance`,
      'PaymentBalanceResponse',
    );
    expect(nothing.body.response).toMatchObject({ primary: { supply: 0 }, histories: [] });
    expect((await s.api.get('/payments/imp_000000000000/balance', 'PaymentBalanceResponse')).status).toBe(404);
  });
});
