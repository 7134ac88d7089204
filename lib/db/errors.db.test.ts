// Issue 12, scenario 8: a failed database write is logged by what failed, never by its values
// (emails, password hashes, identity hashes are query parameters).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/lib/db/client';
import { users } from '@/lib/db/schema';
import { route } from '@/lib/http/handler';
import { setupTestDatabase } from '@/test/db';
import { createTestUser } from '@/test/factories';

setupTestDatabase();
afterEach(() => vi.restoreAllMocks());

describe('scenario 8: logs of failed database writes', () => {
  it('a unique violation in a route: 500 to the client, and the log names the query and constraint only', async () => {
    const existing = await createTestUser();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
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
    const logged = errors.mock.calls.map((call) => call.map(String).join(' ')).join('\n');
    expect(logged).toContain('database query failed: insert into "users"');
    expect(logged).toContain('23505');
    for (const secret of [existing.email, 'identity-hash-secret-value', 'scrypt$secret-hash', existing.name]) {
      expect(logged).not.toContain(secret);
    }
  });
});
