import { describe, expect, it } from 'vitest';
import { setupTestDatabase } from '@/test/db';
import { pageRequest } from '@/test/factories';
import { withOverride } from '@/test/kits/overrides';
import { unreachableDatabase } from '@/test/unreachable-database';
import { GET } from './route';

setupTestDatabase();
const health = () => GET(pageRequest('/api/health'), {});

describe('GET /api/health (through the route wrapper)', () => {
  it('answers ok with the request id and the API security headers', async () => {
    const response = await health();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get('x-request-id')).toMatch(/\S/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 503 database_unavailable, the body naming the same request id as the header, when no database answers', async () => {
    const unreachable = unreachableDatabase();
    try {
      const response = await withOverride('database', unreachable, health);
      expect(response.status).toBe(503);
      const body = (await response.json()) as { error: { code: string; message: string; requestId: string } };
      expect(body.error.code).toBe('database_unavailable');
      expect(body.error.requestId).toBe(response.headers.get('x-request-id'));
    } finally {
      await unreachable.close();
    }
  });
});
