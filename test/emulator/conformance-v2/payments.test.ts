// V2 payments: read, pay with a billing key, key-in, cancel in full and in part, and the error
// types the OpenAPI file names. Every answer is validated against the file (harness.ts).
import { describe, expect, it } from 'vitest';
import { CARD_CHANNEL, card, issueKey, paidPayment, paymentId, START, useV2Emulator } from './harness';

interface PaymentBody {
  status: string;
  id: string;
  amount: { total: number; paid: number; cancelled: number };
  billingKey?: string;
  failure?: { reason: string };
  cancellations?: { id: string; totalAmount: number }[];
}

describe('V2 payments', () => {
  const s = useV2Emulator();
  const get = (id: string) => s.api.ok<PaymentBody>('GET', '/payments/{paymentId}', { params: { paymentId: id } });

  it('pays a payment id with a billing key: PAID, with the key, at the merchant’s time', async () => {
    const id = paymentId();
    const billingKey = await issueKey(s.api);
    const paid = await s.api.ok<{ payment: { paidAt: string; pgTxId: string } }>(
      'POST',
      '/payments/{paymentId}/billing-key',
      { params: { paymentId: id }, body: { billingKey, orderName: '구독', amount: { total: 9900 }, currency: 'KRW' } },
    );
    expect(paid.payment.paidAt).toBe(new Date(START * 1000).toISOString());
    const payment = await get(id);
    expect(payment).toMatchObject({
      status: 'PAID',
      id,
      billingKey,
      amount: { total: 9900, paid: 9900, cancelled: 0 },
    });
  });

  it('answers ALREADY_PAID for a paid payment id and PAYMENT_NOT_FOUND for an unknown one', async () => {
    const id = await paidPayment(s.api);
    const billingKey = await issueKey(s.api);
    await s.api.fails('POST', '/payments/{paymentId}/billing-key', 409, 'ALREADY_PAID', {
      params: { paymentId: id },
      body: { billingKey, orderName: '구독', amount: { total: 100 }, currency: 'KRW' },
    });
    await s.api.fails('GET', '/payments/{paymentId}', 404, 'PAYMENT_NOT_FOUND', { params: { paymentId: 'nope' } });
  });

  it('records a declined charge as FAILED and answers the PG’s refusal (502 PG_PROVIDER)', async () => {
    const id = paymentId();
    const billingKey = await issueKey(s.api, '4000000000009995');
    const refusal = await s.api.fails('POST', '/payments/{paymentId}/billing-key', 502, 'PG_PROVIDER', {
      params: { paymentId: id },
      body: { billingKey, orderName: '구독', amount: { total: 5000 }, currency: 'KRW' },
    });
    expect(refusal).toMatchObject({ pgMessage: '잔액부족' });
    expect(await get(id)).toMatchObject({ status: 'FAILED', failure: { reason: '잔액부족' } });
  });

  it('charges the 0341 card once: its second charge is declined', async () => {
    const billingKey = await issueKey(s.api, '4000000000000341');
    const body = { billingKey, orderName: '구독', amount: { total: 1000 }, currency: 'KRW' };
    await s.api.ok('POST', '/payments/{paymentId}/billing-key', { params: { paymentId: paymentId() }, body });
    await s.api.fails('POST', '/payments/{paymentId}/billing-key', 502, 'PG_PROVIDER', {
      params: { paymentId: paymentId() },
      body,
    });
  });

  it('pays at once with card credentials (instant)', async () => {
    const id = paymentId();
    await s.api.ok('POST', '/payments/{paymentId}/instant', {
      params: { paymentId: id },
      body: {
        channelKey: CARD_CHANNEL,
        method: { card: { credential: card() } },
        orderName: '단건',
        amount: { total: 3000 },
        currency: 'KRW',
      },
    });
    expect((await get(id)).status).toBe('PAID');
  });

  it('cancels in part, then the rest, checking currentCancellableAmount', async () => {
    const id = await paidPayment(s.api, 10_000);
    const partial = await s.api.ok<{ cancellation: { status: string; totalAmount: number } }>(
      'POST',
      '/payments/{paymentId}/cancel',
      { params: { paymentId: id }, body: { amount: 3000, reason: '부분 환불', currentCancellableAmount: 10_000 } },
    );
    expect(partial.cancellation).toMatchObject({ status: 'SUCCEEDED', totalAmount: 3000 });
    expect(await get(id)).toMatchObject({ status: 'PARTIAL_CANCELLED', amount: { cancelled: 3000 } });
    await s.api.fails('POST', '/payments/{paymentId}/cancel', 409, 'CANCELLABLE_AMOUNT_CONSISTENCY_BROKEN', {
      params: { paymentId: id },
      body: { amount: 1000, reason: '오래된 화면', currentCancellableAmount: 10_000 },
    });
    await s.api.fails('POST', '/payments/{paymentId}/cancel', 409, 'CANCEL_AMOUNT_EXCEEDS_CANCELLABLE_AMOUNT', {
      params: { paymentId: id },
      body: { amount: 8000, reason: '너무 많이' },
    });
    await s.api.ok('POST', '/payments/{paymentId}/cancel', { params: { paymentId: id }, body: { reason: '나머지' } });
    const cancelled = await get(id);
    expect(cancelled).toMatchObject({ status: 'CANCELLED', amount: { cancelled: 10_000 } });
    expect(cancelled.cancellations?.map((c) => c.totalAmount)).toEqual([3000, 7000]);
    await s.api.fails('POST', '/payments/{paymentId}/cancel', 409, 'PAYMENT_ALREADY_CANCELLED', {
      params: { paymentId: id },
      body: { reason: '또' },
    });
  });

  it('lists the merchant’s payments by page and filter, and by cursor', async () => {
    const id = await paidPayment(s.api, 1234);
    const page = await s.api.ok<{ items: PaymentBody[]; page: { totalCount: number } }>('GET', '/payments', {
      body: { page: { number: 0, size: 100 }, filter: { status: ['PAID'] } },
    });
    expect(page.items.every((p) => p.status === 'PAID')).toBe(true);
    expect(page.items.map((p) => p.id)).toContain(id);
    const cursor = await s.api.ok<{ items: { payment: PaymentBody; cursor: string }[] }>('GET', '/payments-by-cursor', {
      body: { size: 2 },
    });
    expect(cursor.items).toHaveLength(2);
    const next = await s.api.ok<{ items: { payment: PaymentBody }[] }>('GET', '/payments-by-cursor', {
      body: { size: 1000, cursor: cursor.items[1]?.cursor },
    });
    expect(next.items.map((i) => i.payment.id)).not.toContain(cursor.items[0]?.payment.id);
  });

  it('answers the payment’s transaction and its events', async () => {
    const id = await paidPayment(s.api, 2000);
    await s.api.ok('POST', '/payments/{paymentId}/cancel', {
      params: { paymentId: id },
      body: { amount: 500, reason: '부분' },
    });
    const transactions = await s.api.ok<{ items: { paymentId: string; status: string }[] }>(
      'GET',
      '/payments/{paymentId}/transactions',
      { params: { paymentId: id } },
    );
    expect(transactions.items).toEqual([expect.objectContaining({ paymentId: id, status: 'PARTIAL_CANCELLED' })]);
    const events = await s.api.ok<{ items: { paymentEvent: { type: string; paymentId: string } }[] }>(
      'GET',
      '/payment-events-by-cursor',
      { body: { size: 1000 } },
    );
    const mine = events.items.filter((e) => e.paymentEvent.paymentId === id).map((e) => e.paymentEvent.type);
    expect(mine).toEqual(['PAID', 'PARTIAL_CANCELLED']);
  });

  it('refuses a pre-registered payment id charged with another amount', async () => {
    const id = paymentId();
    await s.api.ok('POST', '/payments/{paymentId}/pre-register', {
      params: { paymentId: id },
      body: { totalAmount: 5000, currency: 'KRW' },
    });
    const billingKey = await issueKey(s.api);
    await s.api.fails('POST', '/payments/{paymentId}/billing-key', 400, 'INVALID_REQUEST', {
      params: { paymentId: id },
      body: { billingKey, orderName: '구독', amount: { total: 4000 }, currency: 'KRW' },
    });
    await s.api.ok('POST', '/payments/{paymentId}/billing-key', {
      params: { paymentId: id },
      body: { billingKey, orderName: '구독', amount: { total: 5000 }, currency: 'KRW' },
    });
  });
});
