import 'server-only';

/** A bad configuration or an unreachable database stops the process with a clear message. */
export async function checkStartup(): Promise<void> {
  try {
    const { env } = await import('@/lib/env');
    const { getDb } = await import('@/lib/db/client');
    await getDb();
    if (env.MAIL_WORKER === 'on') {
      const { startMailWorker } = await import('@/lib/mail/run-worker');
      startMailWorker();
    }
    console.log(
      `imp-checkout: payment service ${env.IMP_API_URL}, database ${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, mail ${new URL(env.SMTP_URL).host} (worker ${env.MAIL_WORKER})`,
    );
  } catch (error) {
    console.error(`imp-checkout: cannot start.\n${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
