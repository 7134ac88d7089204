import 'server-only';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate as migrateWithPg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migrateWithPglite } from 'drizzle-orm/pglite/migrator';
import type pg from 'pg';

export const migrationsFolder = path.join(process.cwd(), 'drizzle');

// Any constant works; it only has to be the same for every app instance.
const MIGRATION_LOCK_KEY = 7_314_001;

export async function migratePglite(db: PgliteDatabase<Record<string, unknown>>): Promise<void> {
  await migrateWithPglite(db, { migrationsFolder });
}

/** Serialised with an advisory lock: several app instances may start against one database. */
export async function migratePostgres(pool: pg.Pool): Promise<void> {
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrateWithPg(drizzle(lock), { migrationsFolder });
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    lock.release();
  }
}
