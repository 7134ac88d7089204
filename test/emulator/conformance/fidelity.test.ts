// Answers recorded from the real service by its public clients' live test suites: a card number
// with a wrong check digit is the issuer's refusal (code -1, [F112]), not a 400; a refused key-in
// payment without customer_uid says 카드정보 인증에 실패하였습니다.; `again` and `schedule` check
// the customer before the rest. And 15-digit (AMEX) numbers are taken in key-in.
import { describe, expect, it } from 'vitest';
import type { BillingKeyWire, PaymentWire } from '../kit';
import { cardFields, uid, useEmulator } from './harness';

const WRONG_CHECK_DIGIT = '4242-4242-4242-4241';
const F112 = '[F112]유효하지않은 카드번호를 입력하셨습니다.';

describe('Fidelity to the real service', () => {
  const s = useEmulator();

  it('a wrong check digit: HTTP 200, code -1, [F112] on registration and on onetime; nothing kept', async () => {
    const customer_uid = uid('cust');
    const registration = await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', {
      ...cardFields(),
      card_number: WRONG_CHECK_DIGIT,
    });
    expect(registration.status).toBe(200);
    expect(registration.body).toEqual({
      code: -1,
      message: `카드정보 인증 및 빌키 발급에 실패하였습니다. ${F112}`,
      response: null,
    });
    expect((await s.api.get(`/subscribe/customers/${customer_uid}`, 'CustomerResponse')).status).toBe(404);
    const onetime = await s.api.post('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      ...cardFields(),
      card_number: WRONG_CHECK_DIGIT,
    });
    expect(onetime.status).toBe(200);
    expect(onetime.body).toMatchObject({ code: -1, message: `카드정보 인증에 실패하였습니다. ${F112}` });
  });

  it('a refused key-in payment without customer_uid starts with 카드정보 인증에 실패하였습니다.', async () => {
    const expired = await s.api.post('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      ...cardFields(),
      expiry: '2020-01',
    });
    expect(expired.body.code).toBe(-1);
    expect(expired.body.message).toMatch(/^카드정보 인증에 실패하였습니다\. \[F113\]/);
    const withKey = await s.api.post('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      customer_uid: uid('cust'),
      ...cardFields('refused'),
    });
    expect(withKey.body.message).toMatch(/^카드정보 인증 및 빌키 발급에 실패하였습니다\. \[F112\]/);
  });

  it('again: an unknown customer_uid is code 1 even without name; schedule says 등록된 고객정보가 없습니다.', async () => {
    const again = await s.api.post('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid: uid('nobody'),
      merchant_uid: uid(),
      amount: 1000,
    });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ code: 1, message: '등록되지 않은 구매자입니다.', response: null });
    const schedule = await s.api.post('/subscribe/payments/schedule', 'ScheduleResponse', {
      customer_uid: uid('nobody'),
      schedules: [{ merchant_uid: uid(), schedule_at: (await s.emulator.now()) + 60, amount: 1000, name: 'x' }],
    });
    expect(schedule.body).toEqual({ code: 1, message: '등록된 고객정보가 없습니다.', response: null });
    // A known customer still needs a name to be charged.
    const customer_uid = uid('cust');
    await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields());
    const nameless = await s.api.post('/subscribe/payments/again', 'PaymentResponse', {
      customer_uid,
      merchant_uid: uid(),
      amount: 1000,
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toMatch(/^name: /);
  });

  it('15-digit AMEX numbers (34/37) in key-in: as printed 4-6-5, as 4-4-4-3 or bare; masked 4-6-5', async () => {
    for (const card_number of ['3782-822463-10005', '3782-8224-6310-005', '378282246310005']) {
      const answer = await s.api.post<BillingKeyWire>(`/subscribe/customers/${uid('amex')}`, 'CustomerResponse', {
        ...cardFields(),
        card_number,
      });
      expect(answer.body.response, card_number).toMatchObject({
        card_number: '3782-82****-*0005',
        card_name: '현대카드',
      });
    }
    const paid = await s.api.post<PaymentWire>('/subscribe/payments/onetime', 'PaymentResponse', {
      merchant_uid: uid(),
      amount: 1000,
      ...cardFields(),
      card_number: '3714-496353-98431',
    });
    expect(paid.body.response).toMatchObject({ status: 'paid', card_number: '3714-49****-*8431' });
    const wrongDigit = await s.api.post(`/subscribe/customers/${uid('amex')}`, 'CustomerResponse', {
      ...cardFields(),
      card_number: '3782-822463-10006',
    });
    expect(wrongDigit.body).toMatchObject({
      code: -1,
      message: `카드정보 인증 및 빌키 발급에 실패하였습니다. ${F112}`,
    });
  });
});
