// Cash receipts: for a paid cash payment of the service (by imp_uid) or a cash sale outside it
// (external, by merchant_uid); one at a time, cancelled and issued again; the payment says so.
import { describe, expect, it } from 'vitest';
import type { PaymentWire } from '../kit';
import { cardFields, START, uid, useEmulator } from './harness';

interface Receipt {
  imp_uid?: string;
  merchant_uid?: string;
  apply_num: string;
  type: string;
  amount: number;
  vat: number;
  applied_at: number;
  cancelled_at: number;
}

describe('Cash receipts', () => {
  const s = useEmulator();

  async function paidVbank(amount = 11_000): Promise<PaymentWire> {
    const body = { merchant_uid: uid('vb'), amount, vbank_code: '004', vbank_due: START + 86_400 };
    const payment = (await s.api.post<PaymentWire>('/vbanks', 'PaymentResponse', body)).body.response as PaymentWire;
    return (await s.emulator.deposit(payment.imp_uid)).payment;
  }
  const issue = (impUid: string, body: Record<string, unknown> = { identifier: '010-1234-5678' }) =>
    s.api.post<Receipt>(`/receipts/${impUid}`, 'ReceiptResponse', body);
  const cashReceiptIssued = async (impUid: string) =>
    (await s.api.get<PaymentWire>(`/payments/${impUid}`, 'PaymentResponse')).body.response?.cash_receipt_issued;

  it('issues one for a paid virtual account: what is left of it, VAT 1/11; the payment says issued', async () => {
    const payment = await paidVbank();
    await s.api.post('/payments/cancel', 'PaymentResponse', {
      imp_uid: payment.imp_uid,
      amount: 2200,
      refund_holder: '홍길동',
      refund_bank: '004',
      refund_account: '110123456789',
    });
    const receipt = await issue(payment.imp_uid);
    expect(receipt.body.response).toMatchObject({ imp_uid: payment.imp_uid, type: 'person', amount: 8800, vat: 800 });
    expect(receipt.body.response?.apply_num).toMatch(/^\d{8}$/);
    expect(await cashReceiptIssued(payment.imp_uid)).toBe(true);
    const twice = await issue(payment.imp_uid);
    expect([twice.status, twice.body.message]).toEqual([400, 'imp_uid: 이미 현금영수증이 발행된 거래입니다.']);
    const read = await s.api.get<Receipt>(`/receipts/${payment.imp_uid}`, 'ReceiptResponse');
    expect(read.body.response).toEqual(receipt.body.response);
  });

  it('cancel, then issue again; a cancelled one reads back with cancelled_at', async () => {
    const payment = await paidVbank();
    await issue(payment.imp_uid, { identifier: '1234567890', type: 'company', tax_free: 1100 });
    await s.emulator.advanceClock(60);
    const cancelled = await s.api.delete<Receipt>(`/receipts/${payment.imp_uid}`, 'ReceiptResponse');
    expect(cancelled.body.response).toMatchObject({ type: 'company', vat: 900, cancelled_at: START + 60 });
    expect(await cashReceiptIssued(payment.imp_uid)).toBe(false);
    expect((await s.api.delete(`/receipts/${payment.imp_uid}`, 'ReceiptResponse')).status).toBe(400);
    expect(
      (await s.api.get<Receipt>(`/receipts/${payment.imp_uid}`, 'ReceiptResponse')).body.response?.cancelled_at,
    ).toBe(START + 60);
    const again = await issue(payment.imp_uid);
    expect(again.body.response).toMatchObject({ cancelled_at: 0, type: 'person' });
  });

  it('refuses card payments, unpaid accounts and bad identifiers (400), unknown payments (404); nothing is issued', async () => {
    const card = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      ...cardFields(),
    });
    const waiting = await s.api.post<PaymentWire>('/vbanks', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      vbank_code: '004',
      vbank_due: START + 86_400,
    });
    const paid = await paidVbank();
    const before = (await s.emulator.state()).receipts;
    const cases: [string, Record<string, unknown>, number, RegExp][] = [
      [card.body.response?.imp_uid ?? '', { identifier: '01012345678' }, 400, /현금성 거래/],
      [waiting.body.response?.imp_uid ?? '', { identifier: '01012345678' }, 400, /결제완료\(paid\)/],
      [paid.imp_uid, { identifier: '12-34' }, 400, /^identifier: /],
      [paid.imp_uid, {}, 400, /^identifier: /],
      [paid.imp_uid, { identifier: '01012345678', type: 'corp' }, 400, /^type: /],
      ['imp_000000000000', { identifier: '01012345678' }, 404, /존재하지 않는/],
    ];
    for (const [impUid, body, status, message] of cases) {
      const answer = await issue(impUid, body);
      expect([answer.status, answer.body.message]).toEqual([status, expect.stringMatching(message)]);
    }
    expect((await s.emulator.state()).receipts).toBe(before);
    expect((await s.api.get(`/receipts/${paid.imp_uid}`, 'ReceiptResponse')).status).toBe(404);
  });

  it('external receipts: issued once per order number, read, cancelled (404 when never issued)', async () => {
    const merchantUid = uid('cash');
    const body = { name: '현금 판매', amount: 22_000, identifier: '01099998888', identifier_type: 'phone' };
    const issued = await s.api.post<Receipt>(`/receipts/external/${merchantUid}`, 'ExternalReceiptResponse', body);
    expect(issued.body.response).toMatchObject({ merchant_uid: merchantUid, amount: 22_000, vat: 2000 });
    const twice = await s.api.post(`/receipts/external/${merchantUid}`, 'ExternalReceiptResponse', body);
    expect(twice.status).toBe(400);
    const read = await s.api.get<Receipt>(`/receipts/external/${merchantUid}`, 'ExternalReceiptResponse');
    expect(read.body.response).toEqual(issued.body.response);
    const cancelled = await s.api.delete<Receipt>(`/receipts/external/${merchantUid}`, 'ExternalReceiptResponse');
    expect(cancelled.body.response?.cancelled_at).toBeGreaterThan(0);
    expect((await s.api.delete(`/receipts/external/${uid()}`, 'ExternalReceiptResponse')).status).toBe(404);
    expect((await s.api.get(`/receipts/external/${uid()}`, 'ExternalReceiptResponse')).status).toBe(404);
    const noName = await s.api.post(`/receipts/external/${uid()}`, 'ExternalReceiptResponse', {
      amount: 1,
      identifier: '01012345678',
    });
    expect([noName.status, noName.body.message]).toEqual([400, 'name: 필수 항목입니다.']);
  });

  it('keeps only the identifier’s last four digits', async () => {
    const payment = await paidVbank();
    await issue(payment.imp_uid, { identifier: '9001011234567' });
    const stored = JSON.stringify(s.emulator.core.store.receipts.values());
    expect(stored).not.toContain('9001011234567');
    expect(stored).toContain('"identifier_tail":"4567"');
  });
});
