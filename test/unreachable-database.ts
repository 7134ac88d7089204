import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '@/lib/db/schema';

/** A database handle whose server is never there (nothing listens on port 1): for the health and ready checks. */
export function unreachableDatabase() {
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2_000 });
  pool.on('error', () => undefined);
  return {
    db: drizzle(pool, { schema }),
    engine: 'postgres' as const,
    url: 'postgres://127.0.0.1:1/none',
    pool,
    close: () => pool.end(),
  };
}
