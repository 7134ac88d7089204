// Several processes starting at once (app instances, a command) migrate one fresh database, each
// migration once: on PostgreSQL the transaction-level lock makes the others wait; the embedded
// server's connections share one session, where only a transaction-level lock is exclusive.
import { PGlite } from '@electric-sql/pglite';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import pg from 'pg';
import { expect, inject, it } from 'vitest';
import { databaseUrl } from '@/test/database-url';
import { connectPool } from './client';
import { serveDatabase } from './embedded/server';
import { migrate, migrationsFolder } from './migrate';

async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
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

it('three processes migrating a fresh database at once apply each migration once', async () => {
  const database = await freshDatabase();
  const handles = await Promise.all([1, 2, 3].map(() => connectPool(database.url)));
  try {
    await Promise.all(handles.map((handle) => migrate(handle.pool)));
    const { rows } = await (handles[0] as (typeof handles)[0]).pool.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations',
    );
    expect(rows.map((row) => row.hash)).toEqual(readMigrationFiles({ migrationsFolder }).map((m) => m.hash));
  } finally {
    await Promise.all(handles.map((handle) => handle.close()));
    await database.drop();
  }
});
