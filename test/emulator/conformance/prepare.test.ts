// POST|PUT /payments/prepare and GET /payments/prepare/{merchant_uid}, and their effect on windows.
import { describe, expect, it } from 'vitest';
import { cardFields, uid, useEmulator } from './harness';

describe('Payment pre-registration', () => {
  const s = useEmulator();

  it('registers an amount and reads it back', async () => {
    const merchant_uid = uid();
    const created = await s.api.post('/payments/prepare', 'PaymentPrepareResponse', { merchant_uid, amount: 39000 });
    expect(created.body.response).toEqual({ merchant_uid, amount: 39000, currency: 'KRW' });
    const read = await s.api.get(`/payments/prepare/${merchant_uid}`, 'PaymentPrepareResponse');
    expect(read.body.response).toEqual({ merchant_uid, amount: 39000, currency: 'KRW' });
  });

  it('registering the same merchant_uid twice is refused (code 1); PUT changes the amount', async () => {
    const merchant_uid = uid();
    await s.api.post('/payments/prepare', 'PaymentPrepareResponse', { merchant_uid, amount: 1000 });
    expect(
      (await s.api.post('/payments/prepare', 'PaymentPrepareResponse', { merchant_uid, amount: 2000 })).body.code,
    ).toBe(1);
    const updated = await s.api.call('PUT', '/payments/prepare', 'PaymentPrepareResponse', {
      body: { merchant_uid, amount: 2000 },
    });
    expect(updated.body.response).toMatchObject({ amount: 2000 });
  });

  it('GET of an unknown merchant_uid: 404', async () => {
    expect((await s.api.get(`/payments/prepare/${uid()}`, 'PaymentPrepareResponse')).status).toBe(404);
  });

  it('a window payment with another amount is refused before the window opens; the registered amount passes', async () => {
    const merchant_uid = uid();
    await s.api.post('/payments/prepare', 'PaymentPrepareResponse', { merchant_uid, amount: 39000 });
    const wrong = await s.emulator.completeWindowPayment({ merchant_uid, amount: 100, ...cardFields() });
    expect(wrong.rsp).toMatchObject({ success: false, error_code: 'AMOUNT_MISMATCH', imp_uid: null });
    expect(wrong.payment).toBeNull();
    const right = await s.emulator.completeWindowPayment({ merchant_uid, amount: 39000, ...cardFields() });
    expect(right.rsp).toMatchObject({ success: true, paid_amount: 39000 });
  });

  it('amount 0 pins a billing-key issuance window: the window at 0 passes, one that would charge is refused', async () => {
    const merchant_uid = uid();
    const created = await s.api.post('/payments/prepare', 'PaymentPrepareResponse', { merchant_uid, amount: 0 });
    expect(created.body.response).toMatchObject({ merchant_uid, amount: 0 });
    const customer_uid = `cus_${uid()}`;
    const charging = await s.emulator.completeWindowPayment({
      merchant_uid,
      customer_uid,
      amount: 50000,
      ...cardFields(),
    });
    expect(charging.rsp).toMatchObject({ success: false, error_code: 'AMOUNT_MISMATCH' });
    const issuing = await s.emulator.completeWindowPayment({ merchant_uid, customer_uid, amount: 0, ...cardFields() });
    expect(issuing.rsp).toMatchObject({ success: true });
  });

  it('a negative amount is refused', async () => {
    const response = await s.api.post('/payments/prepare', 'PaymentPrepareResponse', {
      merchant_uid: uid(),
      amount: -1,
    });
    expect(response.status).toBe(400);
  });
});
