import 'server-only';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { log } from '@/lib/log';
import { testOverride } from '@/lib/overrides';
import { DatabaseUnavailableError, isDatabaseUnavailable, rootMessage } from './errors';
import { locateDatabase } from './locate';
import { migrate } from './migrate';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

declare module '@/lib/overrides' {
  interface TestOverrides {
    /** The test file's own database (see test/db.ts); its owner closes it. */
    database: DbHandle;
  }
}

export interface DbHandle {
  db: Db;
  /** `pglite`: the embedded server (PGlite behind pglite-socket); `postgres`: PostgreSQL. */
  engine: 'pglite' | 'postgres';
  url: string;
  pool: pg.Pool;
  close(): Promise<void>;
}

type Query = (...args: unknown[]) => unknown;

/**
 * A pool to either engine, the one way every process reaches data. The embedded server runs all
 * its connections in one PostgreSQL session, where a named statement prepared by one connection
 * exists for all (and outlives it): there statements go unnamed (drizzle still builds their SQL
 * once, see lib/db/prepared.ts). `onConnect` lets tests watch each connection.
 */
export async function connectPool(url: string, onConnect?: (client: pg.PoolClient) => void): Promise<DbHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5_000 });
  let embedded = false;
  pool.on('connect', (client) => {
    const query = client.query as Query;
    client.query = ((config: unknown, ...rest: unknown[]) =>
      query.call(
        client,
        embedded && typeof config === 'object' && config !== null && 'name' in config
          ? { ...config, name: undefined }
          : config,
        ...rest,
      )) as typeof client.query;
    onConnect?.(client);
  });
  // An idle connection that breaks (the server stopped) is replaced at the next query; without
  // a listener its error would end the process.
  pool.on('error', (error) => log.error({ reason: error.message }, 'database connection lost'));
  try {
    const { rows } = await pool.query<{ version: string }>('select version()');
    embedded = /PGlite/.test(rows[0]?.version ?? '');
  } catch (error) {
    await pool.end();
    throw isDatabaseUnavailable(error) ? new DatabaseUnavailableError(unreachable(url, error)) : error;
  }
  const engine = embedded ? 'pglite' : 'postgres';
  return { db: drizzle(pool, { schema }), engine, url, pool, close: () => pool.end() };
}

/** The URL without its password, for messages. */
export function displayUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

const unreachable = (url: string, error: unknown) =>
  `no database answers at ${displayUrl(url)} (${rootMessage(error)})`;

/** Opens the configured database (DATABASE_URL, or the embedded server) and migrates it. */
export async function openDatabase(): Promise<DbHandle> {
  const handle = await connectPool(locateDatabase());
  try {
    await migrate(handle.pool);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

// Kept on globalThis so dev-mode module reloads reuse one pool.
const holder = globalThis as typeof globalThis & { __impDb?: Promise<DbHandle> };

function handle(): Promise<DbHandle> {
  const standIn = testOverride('database');
  if (standIn) return Promise.resolve(standIn);
  if (!holder.__impDb) {
    const opening = openDatabase();
    holder.__impDb = opening;
    // Not reachable now: the next call tries again (the database may be starting or restarting).
    opening.catch(() => {
      if (holder.__impDb === opening) holder.__impDb = undefined;
    });
  }
  return holder.__impDb;
}

export function getDb(): Promise<Db> {
  return handle().then((opened) => opened.db);
}

/** Closes this process's database connections (a command before it exits). */
export async function closeDb(): Promise<void> {
  const opened = holder.__impDb;
  holder.__impDb = undefined;
  await (await opened?.catch(() => undefined))?.close();
}

/**
 * Start-up: waits until the database answers (it may still be starting: the order in which
 * processes start does not matter), at most `timeoutMs`, then fails with what to do.
 */
export async function waitForDatabase(timeoutMs: number, onWait: (reason: string) => void): Promise<DbHandle> {
  const deadline = Date.now() + timeoutMs;
  let told = '';
  for (;;) {
    try {
      return await handle();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const reason = rootMessage(error);
      if (Date.now() >= deadline) {
        throw new DatabaseUnavailableError(
          timeoutMs ? `${reason}; gave up after ${Math.round(timeoutMs / 1000)} s` : reason,
        );
      }
      if (reason !== told) onWait(reason);
      told = reason;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
