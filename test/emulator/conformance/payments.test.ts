// Payment lookup (GET /payments/{imp_uid}, /payments/find/...) and the shape of payment records.
import { describe, expect, it } from 'vitest';
import type { PaymentWire } from '../kit';
import { cardFields, START, uid, useEmulator } from './harness';
import { SPEC_PAYMENT_FIELDS } from './payment-record';

/** What the real service adds: sandbox (a required field of its Payment), deposit_history (virtual accounts). */
const REAL_API_PAYMENT_FIELDS = ['sandbox', 'deposit_history'];
/** The spec's cancel entry, plus the real service's cancellation_id. */
const CANCEL_ENTRY_FIELDS = ['pg_tid', 'amount', 'cancelled_at', 'reason', 'receipt_url', 'cancellation_id'];
const sorted = (keys: string[]) => [...keys].sort();

describe('Payment records and lookup', () => {
  const s = useEmulator();
  const onetime = (merchant_uid: string, extra: Record<string, unknown> = {}) =>
    s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid,
      amount: 12000,
      name: '커피 원두',
      buyer_name: '홍길동',
      buyer_email: 'hong@example.com',
      custom_data: JSON.stringify({ plan: 'basic' }),
      ...cardFields(),
      ...extra,
    });

  it('GET /payments/{imp_uid}: the record with every field of the spec, as the real service shapes it', async () => {
    const merchant_uid = uid();
    const created = await onetime(merchant_uid);
    const imp_uid = created.body.response?.imp_uid ?? '';
    expect(imp_uid).toMatch(/^imp_\d{12}$/);
    const answer = await s.api.get<PaymentWire>(`/payments/${imp_uid}`, 'PaymentResponse');
    expect(answer.body.response).toEqual(created.body.response);
    expect(answer.body.response).toMatchObject({
      merchant_uid,
      pay_method: 'card',
      channel: 'api',
      status: 'paid',
      amount: 12000,
      cancel_amount: 0,
      currency: 'KRW',
      name: '커피 원두',
      buyer_name: '홍길동',
      custom_data: '{"plan":"basic"}',
      card_number: '4242-42**-****-4242',
      card_type: '0',
      started_at: START,
      paid_at: START,
      failed_at: 0,
      cancelled_at: 0,
      vbank_date: 0,
      customer_uid: null,
      customer_uid_usage: null,
      cancel_history: [],
    });
    expect(answer.body.response?.apply_num).toMatch(/^\d{8}$/);
  });

  it("a payment record carries exactly the spec's fields plus the real service's sandbox, whatever its state", async () => {
    const expected = sorted([...SPEC_PAYMENT_FIELDS, ...REAL_API_PAYMENT_FIELDS]);
    const paid = await onetime(uid());
    const failed = await onetime(uid(), cardFields('insufficientBalance'));
    const imp_uid = paid.body.response?.imp_uid;
    const cancelled = await s.api.post<PaymentWire>('/payments/cancel', 'PaymentResponse', {
      imp_uid,
      amount: 2000,
      reason: '부분 환불',
    });
    const read = await s.api.get<PaymentWire>(`/payments/${imp_uid}`, 'PaymentResponse');
    for (const record of [paid, failed, cancelled, read].map((answer) => answer.body.response)) {
      expect(sorted(Object.keys(record ?? {}))).toEqual(expected);
    }
    const [entry] = read.body.response?.cancel_history ?? [];
    expect(sorted(Object.keys(entry ?? {}))).toEqual(sorted(CANCEL_ENTRY_FIELDS));
  });

  it('custom_data given as an object is stored as a JSON string', async () => {
    const answer = await onetime(uid(), { custom_data: { plan: 'pro', seats: 3 } });
    expect(answer.body.response?.custom_data).toBe('{"plan":"pro","seats":3}');
  });

  it('the receipt URL opens a receipt page on the emulator', async () => {
    const answer = await onetime(uid());
    const res = await fetch(answer.body.response?.receipt_url ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(answer.body.response?.imp_uid);
    expect(html).toContain('12,000원');
    expect(html).not.toContain('4242-4242-4242-4242');
  });

  it('GET /payments/{unknown}: 404 with the envelope', async () => {
    const answer = await s.api.get('/payments/imp_999999999999', 'PaymentResponse');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe(-1);
  });

  it('GET /payments/find/{merchant_uid}: the newest payment of the order number', async () => {
    const merchant_uid = uid();
    const failed = await onetime(merchant_uid, cardFields('insufficientBalance'));
    await s.emulator.advanceClock(60);
    const paid = await onetime(merchant_uid);
    const newest = await s.api.get<PaymentWire>(`/payments/find/${merchant_uid}`, 'PaymentResponse');
    expect(newest.body.response?.imp_uid).toBe(paid.body.response?.imp_uid);
    const byStatus = await s.api.get<PaymentWire>(`/payments/find/${merchant_uid}/failed`, 'PaymentResponse');
    expect(byStatus.body.response?.imp_uid).toBe(failed.body.response?.imp_uid);
    const oldestFirst = await s.api.get<PaymentWire>(
      `/payments/find/${merchant_uid}?sorting=started`,
      'PaymentResponse',
    );
    expect(oldestFirst.body.response?.imp_uid).toBe(failed.body.response?.imp_uid);
  });

  it('GET /payments/find: 404 when no payment (in that status) exists; 400 for an unknown status', async () => {
    const merchant_uid = uid();
    expect((await s.api.get(`/payments/find/${merchant_uid}`, 'PaymentResponse')).status).toBe(404);
    await onetime(merchant_uid);
    expect((await s.api.get(`/payments/find/${merchant_uid}/cancelled`, 'PaymentResponse')).status).toBe(404);
    const bad = await s.api.get(`/payments/find/${merchant_uid}/done`, 'PaymentResponse');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^payment_status: /);
  });

  it('a merchant_uid already paid is refused (code 1) and charges nothing', async () => {
    const merchant_uid = uid();
    await onetime(merchant_uid);
    const again = await onetime(merchant_uid);
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(1);
    expect((await s.emulator.payments()).filter((p) => p.merchant_uid === merchant_uid)).toHaveLength(1);
  });

  it("another merchant's payment is not found", async () => {
    await s.emulator.upsertMerchant({ code: 'imp22222222', key: 'k2', secret: 's2' });
    const other = await s.api.post<{ access_token: string }>(
      '/users/getToken',
      'AuthResponse',
      { imp_key: 'k2', imp_secret: 's2' },
      { token: null },
    );
    const mine = await onetime(uid());
    const answer = await s.api.get(`/payments/${mine.body.response?.imp_uid}`, 'PaymentResponse', {
      token: other.body.response?.access_token ?? '',
    });
    expect(answer.status).toBe(404);
  });
});
