// Test databases: each test file gets its own migrated database, copied from a template that the
// project's global setup built once per run (PGlite: a data-dir dump, served by this process over
// the PostgreSQL protocol as the embedded server serves it; Postgres: a template database). Both
// are reached with pg, as the app reaches them.
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { connectPool, type DbHandle } from '@/lib/db/connection';
import { serveDatabase } from '@/lib/db/embedded/server';
import { databaseUrl } from './database-url';
import { clearOverride, setOverride } from './kits/overrides';

export type TestDbInfo =
  | { engine: 'pglite'; templatePath: string }
  | { engine: 'postgres'; adminUrl: string; template: string; prefix: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

let statements = 0;

/**
 * Statements this file's database has run so far (each its own transaction, or a whole transaction
 * counted once): tests of how many an operation takes read it before and after.
 */
export const statementsRun = () => statements;

function countCalls<O extends object>(
  target: O,
  names: (keyof O)[],
  counts: (args: unknown[]) => boolean = () => true,
) {
  for (const name of names) {
    const original = target[name] as (...args: unknown[]) => unknown;
    target[name] = ((...args: unknown[]) => {
      if (counts(args)) statements += 1;
      return original.apply(target, args);
    }) as O[keyof O];
  }
}

/** A transaction counts once, at its BEGIN; the statements inside it and its COMMIT or ROLLBACK add nothing. */
const oneCountPerTransaction = () => {
  let inTransaction = false;
  return (args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
    const sql = text ?? '';
    if (/^\s*(begin|start transaction)\b/i.test(sql)) {
      inTransaction = true;
      return true;
    }
    if (/^\s*(commit|rollback)\s*;?\s*$/i.test(sql)) {
      inTransaction = false;
      return false;
    }
    return !inTransaction;
  };
};

const counted = (client: pg.PoolClient) => countCalls(client, ['query'], oneCountPerTransaction());

export async function createTestDatabase(): Promise<DbHandle> {
  const info = inject('testDb');
  if (info.engine === 'pglite') {
    const client = new PGlite({ loadDataDir: new Blob([readFileSync(info.templatePath)]) });
    const served = await serveDatabase(client);
    const handle = await connectPool(served.url, counted);
    return {
      ...handle,
      async close() {
        await handle.close();
        await served.stop();
        await client.close();
      },
    };
  }
  const name = `${info.prefix}${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}" template "${info.template}"`);
  } finally {
    await admin.end();
  }
  return connectPool(databaseUrl(info.adminUrl, name), counted);
}

/** Gives the calling test file a fresh database and points the app's getDb() at it. */
export function setupTestDatabase(): { current(): DbHandle } {
  let handle: DbHandle | undefined;
  beforeAll(async () => {
    handle = await createTestDatabase();
    setOverride('database', handle);
  }, 60_000);
  afterAll(async () => {
    clearOverride('database');
    await handle?.close();
  });
  return {
    current() {
      if (!handle) throw new Error('the test database is not ready yet');
      return handle;
    },
  };
}
