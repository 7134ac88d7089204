// Virtual accounts: issued by the REST API or a payment window, paid by deposits (on time, in
// parts, refused once closed), changed or revoked while waiting, failed when the merchant's clock
// passes the deadline; notices on issuance (ready) and payment (paid); refunds name a bank account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ControlError, type PaymentWire, startWebhookReceiver, type WebhookReceiver } from '../kit';
import { START, uid, useEmulator } from './harness';

const HOUR = 3600;

describe('Virtual accounts', () => {
  let receiver: WebhookReceiver;
  const s = useEmulator();
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    await s.emulator.upsertMerchant({ code: 'imp00000000', callback_url: receiver.url, name: '임프 상점' });
  });
  afterAll(() => receiver.close());

  const issue = async (fields: Record<string, unknown> = {}) => {
    const body = { merchant_uid: uid('vb'), amount: 30_000, vbank_code: '088', vbank_due: START + 3 * HOUR, ...fields };
    return s.api.post<PaymentWire>('/vbanks', 'PaymentResponse', body);
  };
  const read = async (impUid: string) =>
    (await s.api.get<PaymentWire>(`/payments/${impUid}`, 'PaymentResponse')).body.response as PaymentWire;
  const noticesOf = (merchantUid: string) =>
    receiver.received.filter((r) => r.fields.merchant_uid === merchantUid).map((r) => r.fields.status);

  it('POST /vbanks: a payment in status ready with the account, its holder and deadline; the notice says ready', async () => {
    const answer = await issue({ vbank_holder: '임프상점', buyer_name: '김구매' });
    const payment = answer.body.response as PaymentWire;
    expect(payment).toMatchObject({
      pay_method: 'vbank',
      status: 'ready',
      channel: 'api',
      amount: 30_000,
      vbank_code: '088',
      vbank_name: '신한은행',
      vbank_holder: '임프상점',
      vbank_date: START + 3 * HOUR,
      vbank_issued_at: START,
      paid_at: 0,
      receipt_url: null,
      deposit_history: [],
    });
    expect(payment.vbank_num).toMatch(/^9\d{13}$/);
    await receiver.waitFor(1);
    expect(noticesOf(payment.merchant_uid)).toEqual(['ready']);
  });

  it('a deposit of the whole amount pays it (paid_at, the notice); the history keeps who paid', async () => {
    const payment = (await issue({ buyer_name: '김구매' })).body.response as PaymentWire;
    await s.emulator.advanceClock(HOUR);
    const { payment: paid, notifications } = await s.emulator.deposit(payment.imp_uid);
    expect(paid).toMatchObject({ status: 'paid', paid_at: START + HOUR });
    expect(notifications.map((n) => [n.event, JSON.parse(String(n.body)).status, n.status])).toEqual([
      ['vbank', 'paid', 'delivered'],
    ]);
    const stored = await read(payment.imp_uid);
    expect(stored.deposit_history).toEqual([
      expect.objectContaining({ amount: 30_000, depositor_name: '김구매', deposited_at: START + HOUR }),
    ]);
    expect(noticesOf(payment.merchant_uid)).toEqual(['ready', 'paid']);
    await expect(s.emulator.deposit(payment.imp_uid)).rejects.toMatchObject({ status: 409 });
  });

  it('a partial deposit leaves it ready; the rest pays it, and more than the rest is refused', async () => {
    const payment = (await issue()).body.response as PaymentWire;
    const first = await s.emulator.deposit(payment.imp_uid, { amount: 10_000, depositor_name: '홍길동' });
    expect(first.payment).toMatchObject({ status: 'ready', paid_at: 0 });
    expect(first.notifications).toEqual([]);
    const over = await s.emulator.deposit(payment.imp_uid, { amount: 20_001 }).catch((e: ControlError) => e);
    expect(over).toMatchObject({ status: 409, message: expect.stringContaining('남은 금액(20000)') });
    const rest = await s.emulator.deposit(payment.imp_uid, { amount: 20_000 });
    expect(rest.payment.status).toBe('paid');
    expect((await read(payment.imp_uid)).deposit_history.map((d) => d.amount)).toEqual([10_000, 20_000]);
  });

  it('past the deadline on the merchant’s clock the account is failed, and a late deposit is refused', async () => {
    const payment = (await issue({ vbank_due: (await s.emulator.now()) + HOUR })).body.response as PaymentWire;
    // The deadline's own second still takes money; the next one closes the account.
    await s.emulator.advanceClock(HOUR);
    expect((await read(payment.imp_uid)).status).toBe('ready');
    await s.emulator.advanceClock(1);
    const failed = await read(payment.imp_uid);
    expect(failed).toMatchObject({
      status: 'failed',
      fail_reason: '가상계좌 입금기한 만료',
      failed_at: failed.vbank_date + 1,
    });
    const late = await s.emulator.deposit(payment.imp_uid).catch((e: ControlError) => e);
    expect(late).toMatchObject({ status: 409, message: '입금기한이 지나 닫힌 가상계좌입니다.' });
    expect(noticesOf(payment.merchant_uid)).toEqual(['ready']);
  });

  it('another merchant’s clock leaves the account open', async () => {
    await s.emulator.upsertMerchant({ code: 'imp00000009', key: 'vb_key_9', secret: 'vb_secret_9' });
    const payment = (await issue({ vbank_due: (await s.emulator.now()) + 60 })).body.response as PaymentWire;
    await s.emulator.advanceClock(HOUR, 'imp00000009');
    expect((await read(payment.imp_uid)).status).toBe('ready');
  });

  it('PUT /vbanks/{imp_uid} changes amount and deadline while waiting; DELETE closes it', async () => {
    const payment = (await issue()).body.response as PaymentWire;
    const due = (await s.emulator.now()) + 10 * HOUR;
    const changed = await s.api.call<PaymentWire>('PUT', `/vbanks/${payment.imp_uid}`, 'PaymentResponse', {
      body: { amount: 45_000, vbank_due: due },
    });
    expect(changed.body.response).toMatchObject({ amount: 45_000, vbank_date: due, status: 'ready' });
    const past = await s.api.call('PUT', `/vbanks/${payment.imp_uid}`, 'PaymentResponse', {
      body: { vbank_due: START },
    });
    expect([past.status, past.body.message]).toEqual([400, expect.stringMatching(/^vbank_due: /)]);
    const revoked = await s.api.delete<PaymentWire>(`/vbanks/${payment.imp_uid}`, 'PaymentResponse');
    expect(revoked.body.response).toMatchObject({ status: 'cancelled', cancel_reason: '가상계좌 말소' });
    const again = await s.api.delete(`/vbanks/${payment.imp_uid}`, 'PaymentResponse');
    expect(again.status).toBe(400);
    expect((await s.api.delete('/vbanks/imp_000000000000', 'PaymentResponse')).status).toBe(404);
    await expect(s.emulator.deposit(payment.imp_uid)).rejects.toMatchObject({ status: 409 });
  });

  it('bad input is a 400 naming the field, and nothing is issued', async () => {
    const before = (await s.emulator.state()).payments;
    for (const [fields, field] of [
      [{ vbank_code: '999' }, 'vbank_code'],
      [{ vbank_due: START - 1 }, 'vbank_due'],
      [{ vbank_due: undefined }, 'vbank_due'],
      [{ amount: 0 }, 'amount'],
    ] as const) {
      const answer = await issue(fields);
      expect([answer.status, answer.body.message?.split(':')[0]]).toEqual([400, field]);
    }
    expect((await s.emulator.state()).payments).toBe(before);
  });

  it('a payment window with pay_method vbank issues an account in the bank the customer picked', async () => {
    const { rsp, payment } = await s.emulator.completeWindowPayment({
      merchant_uid: uid('win'),
      amount: 12_000,
      pay_method: 'vbank',
      vbank_code: '004',
      vbank_due: '202601202359',
    });
    expect(rsp).toMatchObject({ success: true, status: 'ready', pay_method: 'vbank', vbank_name: 'KB국민은행' });
    expect(rsp.vbank_num).toBe(payment?.vbank_num);
    expect(payment).toMatchObject({
      channel: 'pc',
      vbank_holder: '임프 상점',
      vbank_date: Date.UTC(2026, 0, 20, 14, 59) / 1000,
    });
  });

  it('a paid account is refunded to a bank account the refund names (GET /vbanks/holder checks it first)', async () => {
    const payment = (await issue()).body.response as PaymentWire;
    await s.emulator.deposit(payment.imp_uid);
    const holder = await s.api.get<{ bank_holder: string }>(
      '/vbanks/holder?bank_code=004&bank_num=110-123-456789',
      'VbankHolderResponse',
    );
    const same = await s.api.get<{ bank_holder: string }>(
      '/vbanks/holder?bank_code=004&bank_num=110123456789',
      'VbankHolderResponse',
    );
    expect(holder.body.response?.bank_holder).toMatch(/^\p{Script=Hangul}{3}$/u);
    expect(same.body.response).toEqual(holder.body.response);
    expect(
      (await s.api.get('/vbanks/holder?bank_code=004&bank_num=110-123-450000', 'VbankHolderResponse')).status,
    ).toBe(404);
    expect((await s.api.get('/vbanks/holder?bank_code=004', 'VbankHolderResponse')).status).toBe(400);
    const missing = await s.api.post('/payments/cancel', 'PaymentResponse', { imp_uid: payment.imp_uid });
    expect([missing.status, missing.body.message]).toEqual([400, expect.stringMatching(/^refund_holder: /)]);
    const refunded = await s.api.post<PaymentWire>('/payments/cancel', 'PaymentResponse', {
      imp_uid: payment.imp_uid,
      refund_holder: holder.body.response?.bank_holder,
      refund_bank: '004',
      refund_account: '110-123-456789',
    });
    expect(refunded.body.response).toMatchObject({ status: 'cancelled', cancel_amount: 30_000 });
  });

  it('partly deposited: DELETE refuses; a refund of everything deposited (to a named account) closes it', async () => {
    const payment = (await issue()).body.response as PaymentWire;
    await s.emulator.deposit(payment.imp_uid, { amount: 10_000 });
    const closed = await s.api.delete(`/vbanks/${payment.imp_uid}`, 'PaymentResponse');
    expect(closed.status).toBe(400);
    const holder = (
      await s.api.get<{ bank_holder: string }>(
        '/vbanks/holder?bank_code=004&bank_num=110123456789',
        'VbankHolderResponse',
      )
    ).body.response?.bank_holder;
    const account = { refund_holder: holder, refund_bank: '004', refund_account: '110123456789' };
    const body = (fields: Record<string, unknown>) => ({ imp_uid: payment.imp_uid, ...account, ...fields });
    const part = await s.api.post('/payments/cancel', 'PaymentResponse', body({ amount: 5_000 }));
    expect([part.body.code, part.body.message]).toEqual([1, expect.stringContaining('전액만')]);
    const stale = await s.api.post('/payments/cancel', 'PaymentResponse', body({ checksum: 30_000 }));
    expect([stale.body.code, stale.body.message]).toEqual([1, expect.stringContaining('checksum')]);
    const refunded = await s.api.post<PaymentWire>('/payments/cancel', 'PaymentResponse', body({ checksum: 10_000 }));
    expect(refunded.body.response).toMatchObject({ status: 'cancelled', cancel_amount: 10_000, amount: 30_000 });
    await expect(s.emulator.deposit(payment.imp_uid)).rejects.toMatchObject({ status: 409 });
    const again = await s.api.post('/payments/cancel', 'PaymentResponse', body({}));
    expect(again.body.code).toBe(1);
  });
});
