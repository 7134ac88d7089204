// POST|GET|DELETE /subscribe/customers/{customer_uid}, again and onetime with billing keys.
import { describe, expect, it } from 'vitest';
import type { BillingKeyWire, PaymentWire } from '../kit';
import { cardFields, START, uid, useEmulator } from './harness';

describe('Billing keys', () => {
  const s = useEmulator();
  const register = (customer_uid: string, fields: Record<string, unknown> = cardFields()) =>
    s.api.post<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', fields);

  it('registration answers the billing-key record with the masked card, never the card data', async () => {
    const customer_uid = uid('cust');
    const answer = await register(customer_uid, {
      ...cardFields(),
      customer_name: '홍길동',
      customer_tel: '01012345678',
    });
    expect(answer.body.response).toMatchObject({
      customer_uid,
      card_number: '4242-42**-****-4242',
      card_name: '신한카드',
      customer_name: '홍길동',
      inserted: START,
      updated: START,
    });
    expect(JSON.stringify(answer.body)).not.toMatch(/4242-4242-4242-4242|2099-12|900101/);
  });

  it('registration takes a form-urlencoded body too', async () => {
    const customer_uid = uid('cust');
    const answer = await s.api.call<BillingKeyWire>(
      'POST',
      `/subscribe/customers/${customer_uid}`,
      'CustomerResponse',
      {
        form: new URLSearchParams(cardFields()),
      },
    );
    expect(answer.body.response?.customer_uid).toBe(customer_uid);
  });

  it('one customer_uid holds one card: registering again replaces it (inserted kept, updated moves)', async () => {
    const customer_uid = uid('cust');
    await register(customer_uid);
    await s.emulator.advanceClock(600);
    const replaced = await register(customer_uid, { ...cardFields(), card_number: '5555-5555-5555-4444' });
    expect(replaced.body.response).toMatchObject({
      card_number: '5555-55**-****-4444',
      inserted: START,
      updated: START + 600,
    });
    const read = await s.api.get<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse');
    expect(read.body.response?.card_number).toBe('5555-55**-****-4444');
  });

  it('a refused card leaves an existing billing key untouched', async () => {
    const customer_uid = uid('cust');
    await register(customer_uid);
    expect((await register(customer_uid, cardFields('refused'))).body.code).toBe(-1);
    const read = await s.api.get<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse');
    expect(read.body.response?.card_number).toBe('4242-42**-****-4242');
  });

  it('GET of an unknown customer_uid: 404', async () => {
    expect((await s.api.get(`/subscribe/customers/${uid('cust')}`, 'CustomerResponse')).status).toBe(404);
  });

  it('DELETE answers the deleted key; afterwards GET is 404 and again is "unknown customer" (code 1)', async () => {
    const customer_uid = uid('cust');
    await register(customer_uid);
    const deleted = await s.api.delete<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse');
    expect(deleted.body.response?.customer_uid).toBe(customer_uid);
    expect((await s.api.get(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).status).toBe(404);
    const charge = await s.api.again(customer_uid);
    expect(charge.status).toBe(200);
    expect(charge.body).toMatchObject({ code: 1, message: '등록되지 않은 구매자입니다.' });
    expect((await s.api.delete(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).status).toBe(404);
  });

  it('again: a paid payment on the key with channel api and customer_uid_usage payment', async () => {
    const customer_uid = uid('cust');
    await register(customer_uid);
    const merchant_uid = uid();
    const answer = await s.api.post<PaymentWire>('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid,
      merchant_uid,
      amount: 9900,
      name: '월 구독',
      buyer_email: 'a@example.com',
      card_quota: 3,
    });
    expect(answer.body.response).toMatchObject({
      merchant_uid,
      amount: 9900,
      status: 'paid',
      channel: 'api',
      customer_uid,
      customer_uid_usage: 'payment',
      card_quota: 3,
      buyer_email: 'a@example.com',
    });
  });

  it('again: customer_uid, merchant_uid, amount and name are required (of a registered customer)', async () => {
    const customer_uid = uid('cust');
    await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields());
    for (const field of ['customer_uid', 'merchant_uid', 'amount', 'name']) {
      const body: Record<string, unknown> = { customer_uid, merchant_uid: uid(), amount: 1000, name: '정기' };
      delete body[field];
      const answer = await s.api.post('/subscribe/payments/again', 'PaymentResponse', body);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toMatch(new RegExp(`^${field}: `));
    }
  });

  it('onetime with customer_uid: issues the key and pays together (customer_uid_usage issue)', async () => {
    const customer_uid = uid('cust');
    const answer = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 5000,
      customer_uid,
      buyer_name: '홍길동',
      pg: 'kcp.T0000',
      ...cardFields(),
    });
    expect(answer.body.response).toMatchObject({
      status: 'paid',
      customer_uid,
      customer_uid_usage: 'issue',
      pg_provider: 'kcp',
      pg_id: 'T0000',
    });
    const key = await s.api.get<BillingKeyWire>(`/subscribe/customers/${customer_uid}`, 'CustomerResponse');
    expect(key.body.response).toMatchObject({ customer_name: '홍길동', pg_provider: 'kcp' });
  });

  it('onetime with a refused card and customer_uid: code -1, no key issued', async () => {
    const customer_uid = uid('cust');
    const answer = await s.api.post('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 5000,
      customer_uid,
      ...cardFields('refused'),
    });
    expect(answer.body.code).toBe(-1);
    expect((await s.api.get(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).status).toBe(404);
  });

  it('onetime takes the Swagger form fields as form-urlencoded', async () => {
    const merchant_uid = uid();
    const form = new URLSearchParams({
      merchant_uid,
      amount: '3300',
      name: '폼 결제',
      card_quota: '0',
      ...cardFields(),
    });
    const answer = await s.api.call<PaymentWire>('POST', '/subscribe/payments/onetime', 'PaymentResponse', { form });
    expect(answer.body.response).toMatchObject({ merchant_uid, amount: 3300, name: '폼 결제', status: 'paid' });
  });
});
