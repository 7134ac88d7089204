import 'server-only';
import type { MailWorker } from '@/lib/mailroom';

let mailWorker: MailWorker | undefined;

/** A stopping instance (lib/http/graceful-stop.ts): the mail batch being sent ends, then the pool. */
export async function stopBackgroundWork(): Promise<void> {
  await mailWorker?.stop();
  const { closeDb } = await import('@/lib/db');
  await closeDb();
}

/**
 * Waits for the database (bounded: DB_WAIT_MS), then starts the mail worker; a bad configuration
 * or no database stops the process with a clear message.
 */
export async function checkStartup(): Promise<void> {
  try {
    const { env } = await import('@/lib/env');
    const { displayUrl, waitForDatabase } = await import('@/lib/db');
    const { log } = await import('@/lib/log');
    const database = await waitForDatabase(env.DB_WAIT_MS, (reason) =>
      log.warn(`imp-checkout: waiting for the database: ${reason}`),
    );
    if (env.MAIL_WORKER === 'on') {
      const { startMailWorker } = await import('@/lib/mailroom');
      mailWorker = startMailWorker();
    }
    const where = database.engine === 'pglite' ? 'embedded PGlite server' : 'PostgreSQL';
    log.info(
      `imp-checkout: payment service ${env.IMP_API_URL}, database ${where} ${displayUrl(database.url)}, mail ${new URL(env.SMTP_URL).host} (worker ${env.MAIL_WORKER})`,
    );
  } catch (error) {
    // Not the logger: a bad configuration is what may have failed, and the logger reads it.
    console.error(`imp-checkout: cannot start.\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
