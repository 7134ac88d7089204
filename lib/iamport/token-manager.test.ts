import { describe, expect, it } from 'vitest';
import { createFakeService, envelope, paymentRecord } from '@/test/doubles/iamport-service';
import { IamportAuthenticationError } from './errors';
import { createIamportClient } from './service-client';

// The service side here is a test double (test/doubles/iamport-service.ts) passed as the client's
// fetch: these tests count every request and set the local clock hours away from the service's,
// which the real emulator cannot do. The same behaviour against a started emulator is in
// test/iamport/token.test.ts.

const serviceStart = 1_700_000_000;

function setup(options: { localOffsetSeconds?: number; dateHeader?: boolean } = {}) {
  const fake = createFakeService({
    now: serviceStart,
    dateHeader: options.dateHeader,
    handle: () => envelope(paymentRecord()),
  });
  let local = (serviceStart + (options.localOffsetSeconds ?? 0)) * 1000;
  const client = createIamportClient({
    baseUrl: 'http://service.test',
    key: 'key',
    secret: 'secret',
    fetch: fake.fetch,
    localNow: () => local,
    retryDelayMs: 0,
  });
  const advance = (seconds: number) => {
    local += seconds * 1000;
    fake.now += seconds;
  };
  const read = () => client.payments.get({ imp_uid: 'imp_000000000001' });
  return { fake, client, advance, read };
}

describe('token manager', () => {
  it('asks for a token once and reuses it', async () => {
    const { fake, read } = setup();
    for (let i = 0; i < 5; i += 1) await read();
    expect(fake.tokenRequests()).toBe(1);
    expect(fake.requests.filter((r) => r.path.startsWith('/payments/')).map((r) => r.authorization)).toEqual(
      Array(5).fill('Bearer token-1'),
    );
  });

  it.each([
    ['ten years ahead', 10 * 365 * 86_400],
    ['three hours behind', -3 * 3600],
  ])('judges expiry on the service clock when the local clock is %s', async (_, localOffsetSeconds) => {
    const { fake, advance, read } = setup({ localOffsetSeconds });
    await read();
    advance(1700); // 100 s left: still good
    await read();
    expect(fake.tokenRequests()).toBe(1);
    advance(75); // 25 s left: inside the 30 s margin
    await read();
    expect(fake.tokenRequests()).toBe(2);
    // token, read, read, token, read: no request was refused on the way.
    expect(fake.requests).toHaveLength(5);
  });

  it('refreshes inside the margin, ahead of expiry, so no request meets a 401', async () => {
    const { fake, advance, read } = setup();
    await read();
    advance(1800 - 32);
    await read();
    expect(fake.tokenRequests()).toBe(1);
    advance(4); // 28 s left
    await read();
    expect(fake.tokenRequests()).toBe(2);
    expect(fake.requests.some((r) => r.path !== '/users/getToken' && r.authorization !== 'Bearer token-1')).toBe(false); // the final-minute refresh returned the same token, extended
    expect(fake.requests.length).toBe(5);
  });

  it('makes one token request for 200 calls arriving together at expiry (single flight)', async () => {
    const { fake, advance, read } = setup();
    await read();
    advance(1800);
    const release = fake.holdTokens();
    const calls = Array.from({ length: 200 }, read);
    await Promise.resolve();
    release();
    const payments = await Promise.all(calls);
    expect(payments).toHaveLength(200);
    expect(fake.tokenRequests()).toBe(2);
    expect(fake.requests.filter((r) => r.path.startsWith('/payments/'))).toHaveLength(201);
  });

  it('on a 401 refreshes once and retries the call once', async () => {
    const { fake, read } = setup();
    await read();
    fake.revokeToken();
    const payment = await read();
    expect(payment.imp_uid).toBe('imp_000000000001');
    expect(fake.requests.slice(2).map((r) => `${r.method} ${r.path} ${r.authorization ?? ''}`)).toEqual([
      'GET /payments/imp_000000000001 Bearer token-1',
      'POST /users/getToken ',
      'GET /payments/imp_000000000001 Bearer token-2',
    ]);
  });

  it('gives up after one retry when the fresh token is refused too', async () => {
    const { fake, client } = setup();
    fake.handle = () => envelope(null, { status: 401, code: -1, message: 'Unauthorized' });
    await expect(client.payments.get({ imp_uid: 'imp_1' })).rejects.toBeInstanceOf(IamportAuthenticationError);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /users/getToken',
      'GET /payments/imp_1',
      'POST /users/getToken',
      'GET /payments/imp_1',
    ]);
  });

  it('refreshes once for many calls refused together', async () => {
    const { fake, read } = setup();
    await read();
    fake.revokeToken();
    await Promise.all(Array.from({ length: 50 }, read));
    expect(fake.tokenRequests()).toBe(2);
  });

  it('reports a refused key or secret as an authentication error without the secret', async () => {
    const fake = createFakeService({ now: serviceStart });
    fake.fetch = (async () => envelope(null, { status: 401, code: -1, message: 'Unauthorized' })) as typeof fetch;
    const client = createIamportClient({
      baseUrl: 'http://s.test',
      key: 'k',
      secret: 'SECRET-VALUE',
      fetch: fake.fetch,
    });
    const error = await client.payments.get({ imp_uid: 'imp_1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IamportAuthenticationError);
    expect(String((error as Error).message)).toMatch(/key or secret was refused/);
    expect(JSON.stringify(error) + String((error as Error).message)).not.toContain('SECRET-VALUE');
  });
});

describe('service clock', () => {
  it('serviceNow() follows the service, not the local clock', async () => {
    const { client, advance } = setup({ localOffsetSeconds: -86_400 });
    expect(await client.serviceNow()).toBe(serviceStart);
    advance(90);
    expect(await client.serviceNow()).toBe(serviceStart + 90);
  });

  it('follows the Date header when the service clock jumps, and renews the token ahead of it', async () => {
    const { fake, client, read } = setup({ dateHeader: true });
    await read();
    fake.now += 1790; // the emulator's clock moved forward; the local clock did not
    await read(); // its answer carries the service's Date
    expect(await client.serviceNow()).toBe(serviceStart + 1790);
    const before = fake.requests.length;
    await read();
    // The token has 10 s left on the service's clock: renewed before use, no 401 round trip.
    expect(fake.requests.slice(before).map((r) => r.path)).toEqual(['/users/getToken', '/payments/imp_000000000001']);
  });

  it('recovers when the service clock jumps past the token: one 401, one renewal, one retry', async () => {
    const { fake, read } = setup({ dateHeader: true });
    await read();
    fake.now += 3600;
    await read();
    expect(fake.requests.slice(2).map((r) => `${r.path} ${r.authorization ?? ''}`)).toEqual([
      '/payments/imp_000000000001 Bearer token-1',
      '/users/getToken ',
      '/payments/imp_000000000001 Bearer token-2',
    ]);
  });
});
