// `npm run jobs`: the background work of a deployment, in its own process (set MAIL_WORKER=off on
// the app instances then): the mail worker, and reconciliation every RECONCILE_EVERY — one run at a
// time however many workers run (see lib/reconciliation/scheduled.ts). Several may run: they share the
// outbox and the schedule. Runs until Ctrl-C or SIGTERM, then finishes the mail batch and the
// reconciliation in hand (at most JOBS_STOP_MS) and exits 0. Waits at start for the database like
// the app (DB_WAIT_MS). Logs JSON lines (pretty in development), like the app.
// Run with the react-server condition, so the app's server-only modules load outside Next.
import { runCommand } from '@/lib/db';
import { env } from '@/lib/env';
import { logFor } from '@/lib/log';
import { startMailWorker } from '@/lib/mailroom';
import { startReconcileSchedule } from '@/lib/reconciliation';

const log = logFor('jobs');

await runCommand(
  'jobs',
  async () => {
    const worker = startMailWorker({ keepAlive: true });
    const schedule = startReconcileSchedule({ everyMs: env.RECONCILE_EVERY });
    log.info(
      { reconcileEveryMs: env.RECONCILE_EVERY, mailPollMs: env.MAIL_POLL_MS },
      'jobs: mail worker and reconciliation schedule running; Ctrl-C stops them.',
    );
    // Listeners stay: a second signal while the batch finishes (Ctrl-C reaches this process both
    // from the terminal and through tsx) must not end it mid-send.
    const signal = await new Promise<string>((resolve) => {
      process.on('SIGINT', () => resolve('SIGINT'));
      process.on('SIGTERM', () => resolve('SIGTERM'));
    });
    log.info({ signal }, 'jobs: stopping after the current batch.');
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      Promise.all([worker.stop(), schedule.stop()]).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), env.JOBS_STOP_MS);
      }),
    ]);
    clearTimeout(timer);
    // Past the bound, what was in hand is left as it is: mail is claimed under a lease and sent
    // again later; a reconciliation run is repeated (idempotent) once its lease has run out.
    if (finished) log.info('jobs: stopped.');
    else log.warn({ boundMs: env.JOBS_STOP_MS }, 'jobs: the current batch did not finish in time; stopped anyway.');
    return 0;
  },
  { openIfNone: false },
);
