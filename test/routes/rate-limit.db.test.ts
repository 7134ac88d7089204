// Issue 12, scenario 10: unbounded anonymous work. Sign-in is limited per account and per address,
// identity checks per address, with a Korean message and Retry-After; the counters live in the
// database, so every app instance shares them, and each spend is atomic.
import { describe, expect, it } from 'vitest';
import { POST as issueCheck } from '@/app/api/identity/checks/route';
import { POST as signIn } from '@/app/api/session/route';
import { rateLimits } from '@/lib/db/schema';
import { IDENTITY_CHECKS_PER_ADDRESS, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS, spend } from '@/lib/rate-limit';
import { setupTestDatabase } from '@/test/db';
import { createTestUser, pageRequest } from '@/test/factories';

const database = setupTestDatabase();

const from = (address: string, path: string, body?: unknown) => {
  const request = pageRequest(path, { method: 'POST', body });
  request.headers.set('x-forwarded-for', address);
  return request;
};
const attempt = (address: string, email: string, password: string) =>
  signIn(from(address, '/api/session', { email, password }), {});

async function expectLimited(response: Response) {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  const { error } = await response.json();
  expect(error).toMatchObject({ code: 'rate_limited', message: expect.stringContaining('다시 시도해 주세요') });
}

describe('scenario 10: rate limits', () => {
  // Each wrong password costs a 32 MiB key derivation (seconds on a loaded machine): most of the
  // spending is done on the counters directly, the route is called where it decides.
  const spendTimes = async (limit: typeof SIGN_IN_PER_ACCOUNT, key: string, times: number) => {
    for (let i = 0; i < times; i++) await spend(limit, key);
  };

  it('sign-in per account: wrong passwords count; past the limit even the right one waits; other accounts do not', async () => {
    const user = await createTestUser({ password: 'correct horse battery' });
    await spendTimes(SIGN_IN_PER_ACCOUNT, user.email, SIGN_IN_PER_ACCOUNT.points - 1);
    expect((await attempt('198.51.100.1', user.email, 'wrong password!')).status).toBe(401);
    await expectLimited(await attempt('198.51.100.2', user.email.toUpperCase(), 'correct horse battery'));
    const other = await createTestUser({ password: 'another good one' });
    expect((await attempt('198.51.100.3', other.email, 'another good one')).status).toBe(200);
  });

  it('a successful sign-in clears its account’s failures', async () => {
    const user = await createTestUser({ password: 'correct horse battery' });
    await spendTimes(SIGN_IN_PER_ACCOUNT, user.email, SIGN_IN_PER_ACCOUNT.points - 1);
    expect((await attempt('203.0.113.51', user.email, 'correct horse battery')).status).toBe(200);
    expect((await attempt('203.0.113.52', user.email, 'wrong password!')).status).toBe(401);
  });

  it('sign-in per address: one address trying many accounts is stopped before any key derivation', async () => {
    await spendTimes(SIGN_IN_PER_ADDRESS, '192.0.2.7', SIGN_IN_PER_ADDRESS.points);
    await expectLimited(await attempt('192.0.2.7', 'nobody-else@example.com', 'whatever password'));
    expect((await attempt('192.0.2.8', 'nobody-else@example.com', 'whatever password')).status).toBe(401);
  });

  it('identity checks per address', async () => {
    for (let i = 0; i < IDENTITY_CHECKS_PER_ADDRESS.points; i++) {
      expect((await issueCheck(from('192.0.2.99', '/api/identity/checks'), {})).status).toBe(200);
    }
    await expectLimited(await issueCheck(from('192.0.2.99', '/api/identity/checks'), {}));
    expect((await issueCheck(from('192.0.2.100', '/api/identity/checks'), {})).status).toBe(200);
  });

  it('counters are shared through the database and each spend is atomic under concurrency', async () => {
    const limit = { name: 'concurrency-test', points: 10, windowSeconds: 60 };
    const results = await Promise.allSettled(Array.from({ length: 25 }, () => spend(limit, 'one-key')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    const rows = await database.current().db.select().from(rateLimits);
    expect(rows.find((row) => row.key === 'concurrency-test:one-key')?.points).toBe(25);
  });
});
