// An empty database of the engine under test (not the migrated template), for tests of the
// migrations themselves: how several processes migrate one, and what a migration does to the data
// an older version of the app left behind.
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import journal from '@/drizzle/meta/_journal.json';
import { serveDatabase } from '@/lib/db/embedded/server';
import { migrationsFolder } from '@/lib/db/migrate';
import { databaseUrl } from './database-url';

export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const info = inject('testDb');
  if (info.engine === 'pglite') {
    const db = new PGlite();
    const served = await serveDatabase(db);
    return {
      url: served.url,
      async drop() {
        await served.stop();
        await db.close();
      },
    };
  }
  const name = `${info.prefix}fresh_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: info.adminUrl });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`create database "${name}"`);
  return { url: databaseUrl(info.adminUrl, name), drop: () => admin(`drop database "${name}" with (force)`) };
}

/**
 * Applies the migrations up to and including the one tagged `tag` (e.g. `0017_subscription_shipping`),
 * with drizzle's bookkeeping as `migrate` keeps it, so that `migrate` later goes on from there.
 */
export async function migrateUpTo(pool: pg.Pool, tag: string): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const count = journal.entries.findIndex((entry) => entry.tag === tag) + 1;
  if (count === 0) throw new Error(`no migration ${tag}`);
  await pool.query('create schema if not exists drizzle');
  await pool.query(
    'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  );
  for (const migration of migrations.slice(0, count)) {
    for (const statement of migration.sql) await pool.query(statement);
    await pool.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [
      migration.hash,
      migration.folderMillis,
    ]);
  }
}
