// POST /cvs and DELETE /cvs/{imp_uid} (deprecated convenience-store barcodes).
import { describe, expect, it } from 'vitest';
import { DEFAULT_CVS_LIFETIME } from '@/emulator/core/service/cvs';
import type { PaymentWire } from '../kit';
import { uid, useEmulator } from './harness';
import { SPEC_PAYMENT_FIELDS } from './payment-record';

describe('Convenience-store barcodes', () => {
  const s = useEmulator();
  const issue = (body: Record<string, unknown>) => s.api.post<PaymentWire>('/cvs', 'PaymentResponse', body);

  it('issues a collection number: a payment in status ready with its barcode and deadline', async () => {
    const now = await s.emulator.now();
    const merchant_uid = uid();
    const answer = await issue({ merchant_uid, amount: 15000, name: '편의점 결제', pg: 'galaxia.store1' });
    expect(answer.body.response).toMatchObject({
      merchant_uid,
      amount: 15000,
      status: 'ready',
      pay_method: 'cvs',
      pg_provider: 'galaxia',
      pg_id: 'store1',
      vbank_date: now + DEFAULT_CVS_LIFETIME,
      vbank_issued_at: now,
    });
    expect(answer.body.response?.vbank_num).toMatch(/^\d{18}$/);
  });

  it('registers a merchant barcode and deadline; accepts channel_key for pg and notice_url as an array', async () => {
    const now = await s.emulator.now();
    const answer = await issue({
      merchant_uid: uid(),
      amount: 3000,
      barcode: '123456789012',
      expired_at: now + 3600,
      channel_key: 'galaxia.channel9',
      notice_url: ['https://merchant.example/notice', 'https://merchant.example/notice2'],
      custom_data: [{ sku: 'A1' }],
      confirm_url: 'https://merchant.example/confirm',
    });
    expect(answer.body.response).toMatchObject({
      vbank_num: '123456789012',
      vbank_date: now + 3600,
      pg_id: 'channel9',
      custom_data: '[{"sku":"A1"}]',
    });
  });

  it('a deadline in the past, a bad confirm_url or notice_url: 400 naming the field', async () => {
    const now = await s.emulator.now();
    for (const [field, value] of [
      ['expired_at', now - 1],
      ['confirm_url', 'not a url'],
      ['notice_url', 'nope'],
    ] as const) {
      const answer = await issue({ merchant_uid: uid(), amount: 1000, [field]: value });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('DELETE invalidates a barcode not yet collected; a second DELETE is refused (code 1)', async () => {
    const issued = await issue({ merchant_uid: uid(), amount: 1000 });
    const imp_uid = issued.body.response?.imp_uid;
    const cancelled = await s.api.delete<PaymentWire>(`/cvs/${imp_uid}`, 'PaymentResponse');
    expect(cancelled.body.response).toMatchObject({
      imp_uid,
      status: 'cancelled',
      cancelled_at: await s.emulator.now(),
    });
    const again = await s.api.delete(`/cvs/${imp_uid}`, 'PaymentResponse');
    expect(again.status).toBe(200);
    expect(again.body.code).toBe(1);
  });

  it('the barcode-cancel answer carries every field the spec marks required there', async () => {
    const issued = await issue({ merchant_uid: uid(), amount: 1000 });
    const cancelled = await s.api.delete<PaymentWire>(`/cvs/${issued.body.response?.imp_uid}`, 'PaymentResponse');
    // Those (imp_uid … pg_id, amount, status and the four times) are fields of the payment record,
    // which the answer carries whole.
    for (const field of SPEC_PAYMENT_FIELDS) expect(cancelled.body.response).toHaveProperty(field);
  });

  it('DELETE of an unknown imp_uid: code 1', async () => {
    const answer = await s.api.delete('/cvs/imp_000000000009', 'PaymentResponse');
    expect(answer.body.code).toBe(1);
  });
});
