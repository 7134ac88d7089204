import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIamportClient } from '@/lib/iamport';
import { setupTestDatabase } from '@/test/db';
import { startTestEmulator, type TestEmulator } from '@/test/emulator/kit';
import { pageRequest } from '@/test/factories';
import { clearOverride, setOverride, withOverride } from '@/test/kits/overrides';
import { unreachableDatabase } from '@/test/unreachable-database';
import { GET } from './route';

const database = setupTestDatabase();
let emulator: TestEmulator;
beforeAll(async () => {
  emulator = await startTestEmulator();
  setOverride(
    'iamport',
    createIamportClient({ baseUrl: emulator.url, key: 'test_key', secret: 'test_secret', timeoutMs: 2_000 }),
  );
});
afterAll(() => {
  clearOverride('iamport');
  return emulator.close();
});
const ctx = {};

async function ready() {
  const response = await GET(pageRequest('/api/ready'), ctx);
  return {
    status: response.status,
    body: (await response.json()) as { ready: boolean; checks: Record<string, { ok: boolean; detail: string }> },
  };
}

describe('GET /api/ready', () => {
  it('is ready when the database answers, every bundled migration is applied and the service gives a token', async () => {
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body.ready).toBe(true);
    expect(body.checks.database).toEqual({ ok: true, detail: 'answers' });
    expect(body.checks.migrations?.ok).toBe(true);
    expect(body.checks.service).toEqual({ ok: true, detail: 'answers a token request' });
  });

  it('is not ready, naming the migrations, when one this build carries is not applied', async () => {
    const db = database.current().db;
    const result = await db.execute(
      'select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const last = (result as { rows: { id: number; hash: string; created_at: string }[] }).rows[0];
    if (!last) throw new Error('no migration recorded');
    await db.execute(`delete from drizzle.__drizzle_migrations where id = ${Number(last.id)}`);
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.ready).toBe(false);
      expect(body.checks.migrations).toEqual({
        ok: false,
        detail: expect.stringMatching(/^1 of \d+ migrations not applied$/),
      });
      expect(body.checks.database?.ok).toBe(true);
    } finally {
      await db.execute(
        `insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${Number(last.id)}, '${last.hash}', ${Number(last.created_at)})`,
      );
    }
    expect((await ready()).status).toBe(200);
  });

  it('is not ready when no database answers (nothing listens at its address), within the check timeout', async () => {
    const unreachable = unreachableDatabase();
    try {
      const started = Date.now();
      const { status, body } = await withOverride('database', unreachable, ready);
      expect(status).toBe(503);
      expect(body.checks.database).toEqual({ ok: false, detail: 'no answer' });
      expect(body.checks.migrations?.ok).toBe(false);
      expect(body.checks.service?.ok).toBe(true);
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      await unreachable.close();
    }
  });

  it('is not ready when the payment service does not answer, and ready again once it does', async () => {
    await emulator.injectFault({ method: 'POST', path: '/users/getToken', action: '503', count: 10 });
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body.checks.service).toEqual({ ok: false, detail: 'no token' });
    expect(body.checks.database?.ok).toBe(true);
    await emulator.clearFaults();
    expect((await ready()).status).toBe(200);
  });
});
