// Issue 12, scenario 8: a failed database write is logged by what failed, never by its values
// (emails, password hashes, identity hashes are query parameters).
import fs from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/connection';
import { users } from '@/lib/db/schema';
import { route } from '@/lib/routes/route';
import { setupTestDatabase } from '@/test/db';
import { createTestUser } from '@/test/factories';

setupTestDatabase();
afterEach(() => vi.restoreAllMocks());

describe('scenario 8: logs of failed database writes', () => {
  it('a unique violation in a route: 500 to the client, and the log names the query and constraint only', async () => {
    const existing = await createTestUser();
    // The logger writes its lines with fs.writeSync (pino's synchronous destination): caught here.
    const writeSync = fs.writeSync;
    const writes = vi
      .spyOn(fs, 'writeSync')
      .mockImplementation(((fd: number, data: unknown, ...rest: never[]) =>
        fd === 1 || fd === 2 ? String(data).length : writeSync(fd, data as string, ...rest)) as typeof fs.writeSync);
    const handler = route(async () => {
      const db = await getDb();
      await db
        .insert(users)
        .values({ ...existing, uniqueKeyHash: 'identity-hash-secret-value', passwordHash: 'scrypt$secret-hash' });
      return Response.json({});
    });
    const response = await handler(new Request('http://localhost:3000/api/x', { method: 'POST' }), {});
    expect(response.status).toBe(500);
    expect(JSON.stringify(await response.json())).not.toContain(existing.email);
    const logged = writes.mock.calls
      .filter((call) => call[0] === 1 || call[0] === 2)
      .map((call) => String(call[1]))
      .join('\n');
    const line = logged
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as { msg: string; err?: { message: string } })
      .find((entry) => entry.msg === 'request failed');
    expect(line?.err?.message).toContain('database query failed: insert into "users"');
    expect(logged).toContain('23505');
    for (const secret of [existing.email, 'identity-hash-secret-value', 'scrypt$secret-hash', existing.name]) {
      expect(logged).not.toContain(secret);
    }
  });
});
