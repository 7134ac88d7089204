import 'server-only';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { env } from '@/lib/env';
import { migratePglite, migratePostgres } from './migrate';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DbHandle {
  db: Db;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** Opens the configured database and brings it to the latest migration. */
export async function openDatabase(): Promise<DbHandle> {
  if (env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: 10 });
    await migratePostgres(pool);
    return { db: drizzlePg(pool, { schema }), engine: 'postgres', close: () => pool.end() };
  }
  const dir = path.resolve(env.APP_DATA_DIR, 'pglite');
  mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
  const db = drizzlePglite(client, { schema });
  await migratePglite(db);
  return { db, engine: 'pglite', close: () => client.close() };
}

// Kept on globalThis so dev-mode module reloads reuse one connection (PGlite allows one opener).
const holder = globalThis as typeof globalThis & { __impDb?: Promise<DbHandle> };

export function getDb(): Promise<Db> {
  holder.__impDb ??= openDatabase();
  return holder.__impDb.then((handle) => handle.db);
}

/** Tests point the app's services at their own database. */
export function useDatabaseForTests(handle: DbHandle): void {
  holder.__impDb = Promise.resolve(handle);
}
