// Several processes starting at once (app instances, a command) migrate one fresh database, each
// migration once: on PostgreSQL the transaction-level lock makes the others wait; the embedded
// server's connections share one session, where only a transaction-level lock is exclusive.
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { expect, it } from 'vitest';
import { freshDatabase } from '@/test/fresh-database';
import { connectPool } from './connection';
import { migrate, migrationsFolder } from './migrate';

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
