// What a completed payment window does (control-API shortcut over the same core operation the
// hosted window uses): ordinary payments, billing-key issuance, refusals, and the notice hook.
import { describe, expect, it } from 'vitest';
import type { Notice } from '@/emulator/core/emulator';
import type { BillingKeyWire, PaymentWire } from '../kit';
import { cardFields, uid, useEmulator } from './harness';

describe('Payment window', () => {
  const s = useEmulator();

  it('an ordinary card payment: paid, channel as given, the callback rsp mirrors the record', async () => {
    const merchant_uid = uid();
    const { rsp, payment } = await s.emulator.completeWindowPayment({
      merchant_uid,
      amount: 25000,
      name: '티셔츠',
      buyer_name: '홍길동',
      custom_data: { size: 'L' },
      channel: 'mobile',
      pg: 'html5_inicis',
      ...cardFields(),
    });
    expect(payment).toMatchObject({
      status: 'paid',
      channel: 'mobile',
      pg_provider: 'html5_inicis',
      customer_uid_usage: null,
    });
    expect(rsp).toMatchObject({
      success: true,
      imp_uid: payment?.imp_uid,
      merchant_uid,
      paid_amount: 25000,
      status: 'paid',
      custom_data: { size: 'L' },
      card_number: '4242-42**-****-4242',
    });
    const stored = await s.api.get<PaymentWire>(`/payments/${payment?.imp_uid}`, 'PaymentResponse');
    expect(stored.body.response).toEqual(payment);
  });

  it('an order already paid is refused before the window opens', async () => {
    const merchant_uid = uid();
    await s.emulator.completeWindowPayment({ merchant_uid, amount: 1000, ...cardFields() });
    const second = await s.emulator.completeWindowPayment({ merchant_uid, amount: 1000, ...cardFields() });
    expect(second.rsp).toMatchObject({ success: false, error_code: 'ALREADY_PAID', imp_uid: null });
    expect(second.payment).toBeNull();
  });

  it('billing-key issuance with amount 0: the key only, customer_uid_usage issue; again then charges it', async () => {
    const customer_uid = uid('cust');
    const { rsp, payment } = await s.emulator.completeWindowPayment({
      merchant_uid: uid(),
      amount: 0,
      customer_uid,
      buyer_name: '홍길동',
      ...cardFields(),
    });
    expect(rsp.success).toBe(true);
    expect(payment).toMatchObject({
      amount: 0,
      status: 'paid',
      customer_uid,
      customer_uid_usage: 'issue',
      channel: 'pc',
    });
    const key = await s.api.get<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse');
    expect(key.body.response).toMatchObject({ customer_uid, customer_name: '홍길동' });
    const charged = await s.api.post<PaymentWire>('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid,
      merchant_uid: uid(),
      amount: 9900,
      name: '첫 구독료',
    });
    expect(charged.body.response?.status).toBe('paid');
  });

  it('billing-key issuance with an amount issues and charges; the 0341 card then fails on again', async () => {
    const customer_uid = uid('cust');
    const { payment } = await s.emulator.completeWindowPayment({
      merchant_uid: uid(),
      amount: 9900,
      customer_uid,
      ...cardFields('firstChargeOnly'),
    });
    expect(payment).toMatchObject({ amount: 9900, status: 'paid', customer_uid_usage: 'issue' });
    const next = await s.api.post<PaymentWire>('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid,
      merchant_uid: uid(),
      amount: 9900,
      name: '구독',
    });
    expect(next.body.response?.status).toBe('failed');
  });

  it('billing-key issuance with a refused card: success false, a failed record, no key', async () => {
    const customer_uid = uid('cust');
    const { rsp, payment } = await s.emulator.completeWindowPayment({
      merchant_uid: uid(),
      amount: 0,
      customer_uid,
      ...cardFields('refused'),
    });
    expect(rsp.success).toBe(false);
    expect(payment?.status).toBe('failed');
    expect((await s.api.get(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).status).toBe(404);
  });

  it('non-card methods pay without card fields; amount 0 without customer_uid is bad input', async () => {
    const { payment } = await s.emulator.completeWindowPayment({
      merchant_uid: uid(),
      amount: 5000,
      pay_method: 'trans',
    });
    expect(payment).toMatchObject({ pay_method: 'trans', status: 'paid', card_number: null });
    await expect(s.emulator.completeWindowPayment({ merchant_uid: uid(), amount: 0, ...cardFields() })).rejects.toThrow(
      /^amount: /,
    );
  });

  it('paid payments are announced on the notice hook (webhooks subscribe there); failed ones are not', async () => {
    const notices: Notice[] = [];
    const stop = s.emulator.core.notices.subscribe((notice) => {
      notices.push(notice);
    });
    const paid = await s.emulator.completeWindowPayment({
      merchant_uid: uid(),
      amount: 1000,
      notice_url: 'https://merchant.example/hook',
      ...cardFields(),
    });
    await s.emulator.completeWindowPayment({ merchant_uid: uid(), amount: 1000, ...cardFields('suspended') });
    stop();
    expect(notices).toEqual([
      {
        merchant_code: 'imp00000000',
        imp_uid: paid.payment?.imp_uid,
        merchant_uid: paid.payment?.merchant_uid,
        status: 'paid',
        notice_urls: ['https://merchant.example/hook'],
      },
    ]);
  });
});
