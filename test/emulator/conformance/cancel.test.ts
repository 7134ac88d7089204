// POST /payments/cancel: full and partial refunds, checksum, cancel_history.
import { describe, expect, it } from 'vitest';
import type { PaymentWire } from '../kit';
import { cardFields, uid, useEmulator } from './harness';

describe('POST /payments/cancel', () => {
  const s = useEmulator();
  const pay = async (amount = 10000) => {
    const merchant_uid = uid();
    const answer = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid,
      amount,
      ...cardFields(),
    });
    return answer.body.response as PaymentWire;
  };
  const cancel = (body: Record<string, unknown>) =>
    s.api.post<PaymentWire>('/payments/cancel', 'PaymentResponse', body);

  it('amount omitted: a full refund, status cancelled, one cancel_history entry', async () => {
    const payment = await pay();
    const answer = await cancel({ imp_uid: payment.imp_uid, reason: '단순 변심' });
    const now = await s.emulator.now();
    expect(answer.body.response).toMatchObject({
      status: 'cancelled',
      cancel_amount: 10000,
      cancelled_at: now,
      cancel_reason: '단순 변심',
    });
    expect(answer.body.response?.cancel_history).toEqual([
      expect.objectContaining({ amount: 10000, reason: '단순 변심', cancelled_at: now }),
    ]);
    expect(answer.body.response?.cancel_receipt_urls).toHaveLength(1);
  });

  it('partial refunds keep status paid until the balance reaches zero', async () => {
    const payment = await pay();
    const first = await cancel({ imp_uid: payment.imp_uid, amount: 3000, checksum: 10000 });
    expect(first.body.response).toMatchObject({ status: 'paid', cancel_amount: 3000 });
    const second = await cancel({ imp_uid: payment.imp_uid, amount: 7000, checksum: 7000 });
    expect(second.body.response).toMatchObject({ status: 'cancelled', cancel_amount: 10000 });
    expect(second.body.response?.cancel_history.map((c) => c.amount)).toEqual([3000, 7000]);
    const ids = new Set(second.body.response?.cancel_history.map((c) => c.cancellation_id));
    expect(ids.size).toBe(2);
  });

  it('a checksum other than the refundable balance is refused (code 1) and changes nothing', async () => {
    const payment = await pay();
    await cancel({ imp_uid: payment.imp_uid, amount: 1000 });
    const answer = await cancel({ imp_uid: payment.imp_uid, amount: 1000, checksum: 10000 });
    expect(answer.body.code).toBe(1);
    const stored = await s.api.get<PaymentWire>(`/payments/${payment.imp_uid}`, 'PaymentResponse');
    expect(stored.body.response?.cancel_amount).toBe(1000);
  });

  it('more than the refundable balance is refused (code 1)', async () => {
    const payment = await pay();
    expect((await cancel({ imp_uid: payment.imp_uid, amount: 10001 })).body.code).toBe(1);
  });

  it('by merchant_uid: the paid payment of the order is refunded', async () => {
    const payment = await pay();
    const answer = await cancel({ merchant_uid: payment.merchant_uid });
    expect(answer.body.response).toMatchObject({ imp_uid: payment.imp_uid, status: 'cancelled' });
  });

  it('unknown payment, already cancelled, or a failed payment: code 1', async () => {
    expect((await cancel({ imp_uid: 'imp_000000000001' })).body.code).toBe(1);
    const payment = await pay();
    await cancel({ imp_uid: payment.imp_uid });
    expect((await cancel({ imp_uid: payment.imp_uid })).body.code).toBe(1);
    const declined = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      ...cardFields('insufficientBalance'),
    });
    expect((await cancel({ imp_uid: declined.body.response?.imp_uid })).body.code).toBe(1);
  });

  it('neither imp_uid nor merchant_uid: 400 naming the field', async () => {
    const answer = await cancel({ amount: 100 });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^imp_uid: /);
  });

  it('the cancellation receipt page shows the refund', async () => {
    const payment = await pay();
    const answer = await cancel({ imp_uid: payment.imp_uid, amount: 2500, reason: '부분 환불' });
    const html = await (await fetch(answer.body.response?.cancel_receipt_urls?.[0] ?? '')).text();
    expect(html).toContain('취소 전표');
    expect(html).toContain('2,500원');
  });
});
