import 'server-only';
import path from 'node:path';
import { env, isLoopback } from '@/lib/env';
import { IamportConnectionError, IamportTimeoutError } from '@/lib/iamport';
import { log } from '@/lib/log';
import { closeDb, waitForDatabase } from './connection';
import { DamagedDirectoryError, type ServedDatabase, startEmbeddedServer } from './embedded/server';
import { DirectoryInUseError, runningServer } from './embedded/server-file';
import { isDatabaseUnavailable, rootMessage } from './errors';

/** An error PostgreSQL answered (a wrong password, a missing table): its message says it all. */
const isDriverError = (error: unknown) => error instanceof Error && 'severity' in error && 'code' in error;

/**
 * The payment service out of reach, in one line that says where it was looked for and what to do
 * (its socket error must not be taken for the database's: both say ECONNREFUSED).
 */
function serviceOutOfReach(error: unknown): string | undefined {
  if (!(error instanceof IamportConnectionError || error instanceof IamportTimeoutError)) return undefined;
  const hint = isLoopback(env.IMP_API_URL)
    ? ' Is `npm run dev` running? A command beside it finds its emulator by itself; else set EMULATOR_PORT or IMP_API_URL.'
    : '';
  return `${error.message}.${hint}`;
}

/**
 * Runs a command (`npm run operators`, `plans`, `reconcile`, `jobs`) against the database and
 * exits with its status. It uses DATABASE_URL, or else the embedded server that `npm run dev`
 * started (found through its server file). With none running, a short command (`openIfNone`)
 * opens the embedded database itself — taking the same lock, so a `npm run dev` started meanwhile
 * refuses and says why — and closes it when done; a long-running one (`npm run jobs`) waits for it
 * like the app (DB_WAIT_MS). No database, a wrong DATABASE_URL, a damaged directory: one line
 * saying what to do, never a stack trace.
 */
export async function runCommand(
  name: string,
  main: () => Promise<number>,
  { openIfNone = true } = {},
): Promise<never> {
  let temporary: ServedDatabase | undefined;
  let code = 1;
  try {
    if (openIfNone && !env.DATABASE_URL && !runningServer(env.APP_DATA_DIR)) {
      temporary = await startEmbeddedServer(env.APP_DATA_DIR, 0, `npm run ${name}`).catch((error: unknown) => {
        // Another process took the directory meanwhile (a server starting, another command): use it.
        if (error instanceof DirectoryInUseError) return undefined;
        throw error;
      });
      if (temporary) {
        log.warn(
          `${name}: no database server was running; opened ${path.join(env.APP_DATA_DIR, 'pglite')} for this command (closed when it ends)`,
        );
      }
    }
    // A short command waits only for an embedded server still starting; a wrong DATABASE_URL is said at once.
    const patience = openIfNone ? (env.DATABASE_URL ? 0 : Math.min(env.DB_WAIT_MS, 10_000)) : env.DB_WAIT_MS;
    await waitForDatabase(patience, (reason) => log.warn(`${name}: waiting for the database: ${reason}`));
    code = await main();
  } catch (error) {
    const unreachable = serviceOutOfReach(error);
    const explained =
      isDatabaseUnavailable(error) ||
      error instanceof DirectoryInUseError ||
      error instanceof DamagedDirectoryError ||
      isDriverError(error) ||
      isDriverError((error as { cause?: unknown } | undefined)?.cause);
    if (unreachable) log.error(`${name}: ${unreachable}`);
    else if (explained) log.error(`${name}: ${rootMessage(error)}`);
    else log.error({ err: error }, `${name}: failed`);
  } finally {
    await closeDb().catch(() => undefined);
    await temporary?.stop().catch(() => undefined);
  }
  process.exit(code);
}
