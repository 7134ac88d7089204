// `npm run jobs`: the mail worker alone, for deployments that run background work in its own
// process (set MAIL_WORKER=off on the app instances then). Several may run: they share the outbox.
// Runs until Ctrl-C or SIGTERM, then finishes the batch it is sending and exits 0. Waits at start
// for the database like the app (DB_WAIT_MS).
// Run with the react-server condition, so the app's server-only modules load outside Next.
import { runCommand } from '@/lib/db/for-commands';
import { startMailWorker } from '@/lib/mail/run-worker';

await runCommand(
  'jobs',
  async () => {
    const worker = startMailWorker({ keepAlive: true });
    console.log('jobs: mail worker running; Ctrl-C stops it.');
    // Listeners stay: a second signal while the batch finishes (Ctrl-C reaches this process both
    // from the terminal and through tsx) must not end it mid-send.
    await new Promise<void>((resolve) => {
      process.on('SIGINT', resolve);
      process.on('SIGTERM', resolve);
    });
    console.log('jobs: stopping after the current batch.');
    await worker.stop();
    return 0;
  },
  { openIfNone: false },
);
