// `Idempotency-Key` on V2's mutating requests: 16–256 characters; the same request again answers
// the first answer without doing it twice; another request under the same key is refused; the
// key is forgotten after 3 hours of the merchant's clock.
import { describe, expect, it } from 'vitest';
import { issueKey, paymentId, useV2Emulator } from './harness';

describe('V2 Idempotency-Key', () => {
  const s = useV2Emulator();

  it('refuses a key shorter than 16 characters', async () => {
    await s.api.fails('POST', '/billing-keys', 400, 'INVALID_REQUEST', {
      headers: { 'idempotency-key': 'short' },
      body: { method: { card: { credential: { number: '4242424242424242', expiryYear: '99', expiryMonth: '12' } } } },
    });
  });

  it('answers a repeated cancel with the first answer and cancels once', async () => {
    const billingKey = await issueKey(s.api);
    const id = paymentId();
    await s.api.ok('POST', '/payments/{paymentId}/billing-key', {
      params: { paymentId: id },
      body: { billingKey, orderName: '구독', amount: { total: 10_000 }, currency: 'KRW' },
    });
    const key = `refund-${id}-0000000000`;
    const cancel = () =>
      s.api.call<{ cancellation: { id: string } }>('POST', '/payments/{paymentId}/cancel', {
        params: { paymentId: id },
        body: { amount: 1000, reason: '부분 환불' },
        headers: { 'idempotency-key': key },
      });
    const first = await cancel();
    const again = await cancel();
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const payment = await s.api.ok<{ amount: { cancelled: number } }>('GET', '/payments/{paymentId}', {
      params: { paymentId: id },
    });
    expect(payment.amount.cancelled).toBe(1000);
    const other = await s.api.call<{ type: string }>('POST', '/payments/{paymentId}/cancel', {
      params: { paymentId: id },
      body: { amount: 2000, reason: '다른 요청' },
      headers: { 'idempotency-key': key },
    });
    expect(other.status).toBe(422);
    await s.advance(3 * 3600);
    expect((await cancel()).body).not.toEqual(first.body);
  });
});
