// V2 authentication: the API secret, tokens from /login/api-secret that expire on the merchant's
// virtual clock and are renewed by /token/refresh, and the store check.
import { describe, expect, it } from 'vitest';
import { paidPayment, SECRET, useV2Emulator } from './harness';

interface Tokens {
  accessToken: string;
  refreshToken: string;
}

describe('V2 authentication', () => {
  const s = useV2Emulator();
  const login = () =>
    s.api.ok<Tokens>('POST', '/login/api-secret', { body: { apiSecret: SECRET }, authorization: null });

  it('refuses a missing or wrong secret with 401 UNAUTHORIZED', async () => {
    await s.api.fails('GET', '/payments', 401, 'UNAUTHORIZED', { authorization: null });
    await s.api.fails('GET', '/payments', 401, 'UNAUTHORIZED', { authorization: 'PortOne wrong' });
    await s.api.fails('POST', '/login/api-secret', 401, 'UNAUTHORIZED', {
      body: { apiSecret: 'wrong' },
      authorization: null,
    });
  });

  it('accepts a bearer token until it expires on the merchant’s clock, then a refreshed one', async () => {
    const id = await paidPayment(s.api);
    const tokens = await login();
    const read = (token: string) =>
      s.api.call('GET', '/payments/{paymentId}', { params: { paymentId: id }, authorization: `Bearer ${token}` });
    expect((await read(tokens.accessToken)).status).toBe(200);
    await s.advance(30 * 60);
    await s.api.fails('GET', '/payments/{paymentId}', 401, 'UNAUTHORIZED', {
      params: { paymentId: id },
      authorization: `Bearer ${tokens.accessToken}`,
    });
    const renewed = await s.api.ok<Tokens>('POST', '/token/refresh', {
      body: { refreshToken: tokens.refreshToken },
      authorization: null,
    });
    expect((await read(renewed.accessToken)).status).toBe(200);
    await s.api.fails('POST', '/token/refresh', 401, 'UNAUTHORIZED', {
      body: { refreshToken: tokens.refreshToken },
      authorization: null,
    });
  });

  it('refuses another store’s id with 403 FORBIDDEN', async () => {
    await s.api.fails('GET', '/payments', 403, 'FORBIDDEN', { body: { filter: {}, storeId: 'store-other' } });
  });
});
