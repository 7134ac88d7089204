import 'server-only';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { getDb, migrationsFolder, rootMessage } from '@/lib/db';
import { iamport } from '@/lib/iamport';
import { log } from '@/lib/log';

export interface Check {
  ok: boolean;
  /** What was found, in a few words: the public sees it; the reason (hosts, messages) goes to the log. */
  detail: string;
}

export interface Readiness {
  ready: boolean;
  checks: { database: Check; migrations: Check; service: Check };
}

/** Each check answers within this, so a load balancer's probe never hangs on a stuck dependency. */
export const CHECK_TIMEOUT_MS = 3_000;

function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function failed(check: string, detail: string, error: unknown): Check {
  log.warn({ check, reason: rootMessage(error) }, 'not ready');
  return { ok: false, detail };
}

async function database(): Promise<Check> {
  try {
    const db = await within(CHECK_TIMEOUT_MS, 'the database', getDb());
    await within(CHECK_TIMEOUT_MS, 'the database', db.execute('select 1'));
    return { ok: true, detail: 'answers' };
  } catch (error) {
    return failed('database', 'no answer', error);
  }
}

let bundled: number[] | undefined;

/** Every migration this build carries (drizzle/) is recorded as applied in the database. */
async function migrations(): Promise<Check> {
  try {
    bundled ??= readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
    const db = await within(CHECK_TIMEOUT_MS, 'the database', getDb());
    const result = await within(
      CHECK_TIMEOUT_MS,
      'the database',
      db.execute('select created_at from drizzle.__drizzle_migrations'),
    );
    const applied = new Set((result as { rows: { created_at: string }[] }).rows.map((row) => Number(row.created_at)));
    const missing = bundled.filter((millis) => !applied.has(millis)).length;
    return missing
      ? { ok: false, detail: `${missing} of ${bundled.length} migrations not applied` }
      : { ok: true, detail: `${bundled.length} applied` };
  } catch (error) {
    return failed('migrations', 'cannot be read', error);
  }
}

/** The service answers a token request (the token manager's own, so the key and secret are proven too). */
async function service(): Promise<Check> {
  try {
    await within(CHECK_TIMEOUT_MS, 'the payment service', iamport().serviceNow({ fresh: true }));
    return { ok: true, detail: 'answers a token request' };
  } catch (error) {
    return failed('service', 'no token', error);
  }
}

/** Readiness: what an instance needs to take traffic, checked together. */
export async function readiness(): Promise<Readiness> {
  const [db, applied, answered] = await Promise.all([database(), migrations(), service()]);
  return {
    ready: db.ok && applied.ok && answered.ok,
    checks: { database: db, migrations: applied, service: answered },
  };
}
