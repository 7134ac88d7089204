// The spec's Authentication section, rule by rule, on the virtual clock.
import { describe, expect, it } from 'vitest';
import { type Answer, START, useEmulator } from './harness';

interface Token {
  access_token: string;
  now: number;
  expired_at: number;
}

describe('Authentication', () => {
  const s = useEmulator();
  const getToken = (body: Record<string, unknown> = { imp_key: 'test_key', imp_secret: 'test_secret' }) =>
    s.api.post<Token>('/users/getToken', 'AuthResponse', body, { token: null });
  const issued = (answer: Answer<Token>): Token => {
    expect(answer.status).toBe(200);
    if (!answer.body.response) throw new Error('no token');
    return answer.body.response;
  };

  it('rule 1: getToken exchanges key and secret for a token with now and expired_at (JSON body)', async () => {
    await s.emulator.reset();
    const token = issued(await getToken());
    expect(token.access_token).toMatch(/^[0-9a-f]{40}$/);
    expect(token.now).toBe(await s.emulator.now());
  });

  it('rule 1: getToken also takes a form-urlencoded body', async () => {
    const form = new URLSearchParams({ imp_key: 'test_key', imp_secret: 'test_secret' });
    const answer = await s.api.call<Token>('POST', '/users/getToken', 'AuthResponse', { form, token: null });
    expect(issued(answer).access_token).toMatch(/^[0-9a-f]{40}$/);
  });

  it('rule 1: a wrong key, a wrong secret or missing credentials get 401 with the envelope', async () => {
    for (const body of [
      { imp_key: 'nope', imp_secret: 'test_secret' },
      { imp_key: 'test_key', imp_secret: 'nope' },
      {},
    ]) {
      const answer = await getToken(body);
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: -1, message: 'Unauthorized', response: null });
    }
  });

  it('rule 2: Bearer, bare Authorization and X-ImpTokenHeader are all accepted', async () => {
    const { access_token } = issued(await getToken());
    const forms: Record<string, string>[] = [
      { authorization: `Bearer ${access_token}` },
      { authorization: access_token },
      { 'x-imptokenheader': access_token },
    ];
    for (const headers of forms) {
      const answer = await s.api.get('/payments/imp_000000000000', 'PaymentResponse', { token: null, headers });
      expect(answer.status).toBe(404); // authenticated: the payment simply does not exist
    }
  });

  it('rule 2: Authorization wins when both headers are sent', async () => {
    const { access_token } = issued(await getToken());
    const answer = await s.api.get('/payments/imp_000000000000', 'PaymentResponse', {
      token: null,
      headers: { authorization: 'Bearer wrong', 'x-imptokenheader': access_token },
    });
    expect(answer.status).toBe(401);
  });

  it('rule 3: no token or an unknown token gets 401 with the envelope', async () => {
    for (const token of [null, 'f'.repeat(40)]) {
      const answer = await s.api.get('/payments/imp_000000000000', 'PaymentResponse', { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ code: -1, message: 'Unauthorized', response: null });
    }
  });

  it('rule 4: a new token expires 30 minutes after issuance', async () => {
    await s.emulator.reset();
    const token = issued(await getToken());
    expect(token.expired_at - token.now).toBe(30 * 60);
  });

  it('rule 6: while valid, getToken answers the same token with the same expired_at', async () => {
    await s.emulator.reset();
    const first = issued(await getToken());
    await s.emulator.advanceClock(28 * 60);
    const again = issued(await getToken());
    expect(again.access_token).toBe(first.access_token);
    expect(again.expired_at).toBe(first.expired_at);
    expect(again.now).toBe(first.now + 28 * 60);
  });

  it('rule 7: a request in the final minute extends the expiry by 5 minutes', async () => {
    await s.emulator.reset();
    const first = issued(await getToken());
    await s.emulator.advanceClock(29 * 60); // exactly one minute before expiry
    const extended = issued(await getToken());
    expect(extended.access_token).toBe(first.access_token);
    expect(extended.expired_at).toBe(first.expired_at + 5 * 60);
    // the token now works past its original expiry
    await s.emulator.advanceClock(2 * 60);
    const answer = await s.api.get('/payments/imp_000000000000', 'PaymentResponse', { token: first.access_token });
    expect(answer.status).toBe(404);
  });

  it('rule 7: the final minute includes the expiry second itself', async () => {
    await s.emulator.reset();
    const first = issued(await getToken());
    await s.emulator.advanceClock(30 * 60);
    const extended = issued(await getToken());
    expect(extended.access_token).toBe(first.access_token);
    expect(extended.expired_at).toBe(first.expired_at + 5 * 60);
  });

  it('rules 5 and 8: after expiry the token gets 401 and getToken issues a new one', async () => {
    await s.emulator.reset();
    const first = issued(await getToken());
    await s.emulator.advanceClock(30 * 60 + 1);
    const stale = await s.api.get('/payments/imp_000000000000', 'PaymentResponse', { token: first.access_token });
    expect(stale.status).toBe(401);
    const renewed = issued(await getToken());
    expect(renewed.access_token).not.toBe(first.access_token);
    expect(renewed.expired_at).toBe(renewed.now + 30 * 60);
  });

  it('rule 9: concurrent token requests for one key get one token', async () => {
    await s.emulator.reset();
    const answers = await Promise.all(Array.from({ length: 12 }, () => getToken()));
    const tokens = new Set(answers.map((a) => issued(a).access_token));
    expect(tokens.size).toBe(1);
  });

  it('the HTTP Date header carries the virtual clock (the app estimates the service clock from it)', async () => {
    const answer = await getToken();
    const now = issued(answer).now;
    expect(Date.parse(answer.headers.get('date') ?? '') / 1000).toBe(now);
    expect(now).toBeGreaterThanOrEqual(START);
  });

  it("one merchant's token never reads another merchant's records", async () => {
    await s.emulator.upsertMerchant({ code: 'imp11111111', key: 'other_key', secret: 'other_secret' });
    const { certification } = await s.emulator.certify({
      name: '홍길동',
      birthday: '1990-01-01',
      gender: 'male',
      phone: '010-1234-5678',
      carrier: 'SKT',
    });
    const other = issued(await getToken({ imp_key: 'other_key', imp_secret: 'other_secret' }));
    const mine = await s.api.get(`/certifications/${certification.imp_uid}`, 'CertificationResponse');
    expect(mine.status).toBe(200);
    const theirs = await s.api.get(`/certifications/${certification.imp_uid}`, 'CertificationResponse', {
      token: other.access_token,
    });
    expect(theirs.status).toBe(404);
  });
});
