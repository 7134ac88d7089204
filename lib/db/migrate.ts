import 'server-only';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';

export const migrationsFolder = path.join(process.cwd(), 'drizzle');

// Any constant works; it only has to be the same for every process.
const MIGRATION_LOCK_KEY = 7_314_001;

/**
 * Brings the database to the latest migration in `drizzle/`, keeping drizzle's own bookkeeping
 * (drizzle.__drizzle_migrations, so databases migrated before stay as they are). Several
 * processes may start at once: the check and the changes run in one transaction under a
 * transaction-level advisory lock, which is exclusive on PostgreSQL and on the embedded server
 * alike (a session-level lock is not: the embedded server's connections share one session).
 */
export async function migrate(pool: pg.Pool): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await client.query('create schema if not exists drizzle');
    await client.query(
      'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
    );
    const { rows } = await client.query<{ created_at: string }>(
      'select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    const last = rows[0] ? Number(rows[0].created_at) : undefined;
    for (const migration of migrations) {
      if (last !== undefined && last >= migration.folderMillis) continue;
      for (const statement of migration.sql) await client.query(statement);
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
        migration.hash,
        migration.folderMillis,
      ]);
    }
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
