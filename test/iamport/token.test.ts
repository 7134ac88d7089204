import { describe, expect, it, vi } from 'vitest';
import { createIamportClient } from '@/lib/iamport/service-client';
import { registered, withEmulator } from './harness';

const h = withEmulator();

describe('token and clock against the emulator', () => {
  it('one token for many calls; serviceNow() is the emulator clock', async () => {
    const customer_uid = await registered(h);
    await h.client.billingKeys.get({ customer_uid });
    await h.client.billingKeys.get({ customer_uid });
    expect(h.sent.filter((line) => line === 'POST /users/getToken')).toHaveLength(1);
    expect(Math.abs((await h.client.serviceNow()) - (await h.emulator.now()))).toBeLessThanOrEqual(1);
  });

  it('recovers from a token the clock expired: one 401, one renewal, one retry', async () => {
    const customer_uid = await registered(h);
    await h.emulator.advanceClock(31 * 60);
    const key = await h.client.billingKeys.get({ customer_uid });
    expect(key.customer_uid).toBe(customer_uid);
    expect(h.sent).toEqual([
      'POST /users/getToken',
      `POST /subscribe/customers/${customer_uid}`,
      `GET /subscribe/customers/${customer_uid}`, // 401: expired on the emulator's clock
      'POST /users/getToken',
      `GET /subscribe/customers/${customer_uid}`,
    ]);
    // The client now runs on the moved clock, not its own.
    expect(Math.abs((await h.client.serviceNow()) - (await h.emulator.now()))).toBeLessThanOrEqual(1);
  });

  it('serviceNow({ fresh: true }) reads a clock moved since the last answer; plain serviceNow() may not yet', async () => {
    await h.client.serviceNow({ fresh: true });
    await h.emulator.advanceClock(3 * 3600);
    const moved = await h.emulator.now();
    expect((await h.client.serviceNow()) - moved).toBeLessThan(-3000);
    expect(Math.abs((await h.client.serviceNow({ fresh: true })) - moved)).toBeLessThanOrEqual(1);
  });

  it('a wrong secret is an authentication error', async () => {
    const wrong = createIamportClient({ baseUrl: h.emulator.url, key: 'test_key', secret: 'nope' });
    await expect(wrong.payments.get({ imp_uid: 'imp_000000000000' })).rejects.toMatchObject({
      name: 'IamportAuthenticationError',
      httpStatus: 401,
    });
  });

  it('the default client is configured from lib/env.ts', async () => {
    vi.stubEnv('IMP_API_URL', h.emulator.url);
    vi.resetModules();
    try {
      const { iamport } = await import('@/lib/iamport');
      expect(iamport()).toBe(iamport());
      expect(Math.abs((await iamport().serviceNow()) - (await h.emulator.now()))).toBeLessThanOrEqual(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
