// The spec's Errors section and the envelope rules, plus the statuses of the reference notes.
import { describe, expect, it } from 'vitest';
import { cardFields, uid, useEmulator } from './harness';

describe('Errors and the envelope', () => {
  const s = useEmulator();

  it('success is HTTP 200 (never 201) with message null and a JSON content type', async () => {
    const answer = await s.api.post('/payments/prepare', 'PaymentPrepareResponse', {
      merchant_uid: uid(),
      amount: 1000,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(0);
    expect(answer.body.message).toBeNull();
  });

  it('missing, invalid or expired token: HTTP 401 with the envelope', async () => {
    const call = (token: string | null) =>
      s.api.post(
        '/subscribe/payments/again',
        'PaymentResponse',
        { customer_uid: uid('cust'), merchant_uid: uid(), amount: 1000, name: '정기결제' },
        { token },
      );
    const unauthorized = { code: -1, message: 'Unauthorized', response: null };
    const missing = await call(null);
    expect(missing.status).toBe(401);
    expect(missing.body).toEqual(unauthorized);
    const invalid = await call('not-a-token-the-service-issued');
    expect(invalid.status).toBe(401);
    expect(invalid.body).toEqual(unauthorized);
    // a token the service did issue: valid up to and including its expired_at, refused after it
    const issued = await s.api.post<{ access_token: string; now: number; expired_at: number }>(
      '/users/getToken',
      'AuthResponse',
      { imp_key: 'test_key', imp_secret: 'test_secret' },
      { token: null },
    );
    const { access_token, now, expired_at } = issued.body.response ?? { access_token: '', now: 0, expired_at: 0 };
    expect((await call(access_token)).status).toBe(200); // code 1 (an unknown customer), but authorised
    await s.emulator.advanceClock(expired_at - now);
    expect((await call(access_token)).status).toBe(200);
    await s.emulator.advanceClock(1);
    const expired = await call(access_token);
    expect(expired.status).toBe(401);
    expect(expired.body).toEqual(unauthorized);
  });

  it('application-level failure: code not 0, a message, response null (unknown payment: 404)', async () => {
    const answer = await s.api.get('/payments/imp_123456789012', 'PaymentResponse');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: -1, message: '존재하지 않는 결제정보입니다.', response: null });
  });

  it('business failures are HTTP 200 with code 1 (cancelling an unknown payment)', async () => {
    const answer = await s.api.post('/payments/cancel', 'PaymentResponse', { imp_uid: 'imp_123456789012' });
    expect(answer.status).toBe(200);
    expect(answer.body.code).toBe(1);
  });

  it('recurring charge where the issuer cannot be reached: non-zero code and a null response', async () => {
    const customer_uid = uid('cust');
    await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields('issuerUnreachable'));
    const answer = await s.api.again(customer_uid);
    expect(answer.status).toBe(200);
    expect(answer.body.code).not.toBe(0);
    expect(answer.body.response).toBeNull();
  });

  it('recurring charge declined: code 0, status failed, fail_reason', async () => {
    const customer_uid = uid('cust');
    await s.api.post(`/subscribe/customers/${customer_uid}`, 'CustomerResponse', cardFields('insufficientBalance'));
    const answer = await s.api.again(customer_uid);
    expect(answer.body.code).toBe(0);
    expect(answer.body.response).toMatchObject({ status: 'failed', fail_reason: '잔액부족' });
  });

  it('bad input: HTTP 400, code -1, the message names the field', async () => {
    const answer = await s.api.post('/payments/prepare', 'PaymentPrepareResponse', {
      merchant_uid: uid(),
      amount: 'lots',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(-1);
    expect(answer.body.message).toMatch(/^amount: /);
  });

  it('a body that is not JSON: HTTP 400 with the envelope', async () => {
    const answer = await s.api.call('POST', '/payments/prepare', 'PaymentPrepareResponse', {
      headers: { 'content-type': 'application/json' },
      form: new URLSearchParams('x'),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^body: /);
  });

  it('an unknown path: 404 with the envelope', async () => {
    const answer = await s.api.get('/nope/nothing', 'PaymentResponse');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ code: -1, message: 'Not Found', response: null });
  });
});
