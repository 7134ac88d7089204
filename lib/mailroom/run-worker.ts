import 'server-only';
import { env } from '@/lib/env';
import { iamport } from '@/lib/iamport';
import { logFor } from '@/lib/log';
import { sendDueMail } from './worker';

/** Where the worker's lines go (the logger; a test may collect them). */
interface Lines {
  info(message: string): void;
  warn(message: string): void;
}

export interface MailWorker {
  stop(): Promise<void>;
}

/**
 * The mail worker's loop: every MAIL_POLL_MS it sends what is due by the service's clock. Runs in
 * each app instance (instrumentation.ts) or alone (`npm run jobs`); instances share the outbox.
 * In an app its timer leaves the process's lifetime to the server; `keepAlive` (the worker alone)
 * holds the process open until stop().
 */
export function startMailWorker({
  pollMs = env.MAIL_POLL_MS,
  log = logFor('mail'),
  keepAlive = false,
}: {
  pollMs?: number;
  log?: Lines;
  keepAlive?: boolean;
} = {}): MailWorker {
  let stopped = false;
  let lastFresh = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  let lastNow = 0;
  let lastProblem = '';
  let troubled = false;
  /** A problem is logged when it starts or changes, not at every poll while it lasts. */
  const problem = (message: string) => {
    if (message !== lastProblem) log.warn(`mail worker: ${message}`);
    lastProblem = message;
    troubled = true;
  };

  const serviceNow = async () => {
    const fresh = Date.now() - lastFresh > env.MAIL_CLOCK_CHECK_MS;
    try {
      lastNow = await iamport().serviceNow({ fresh });
      if (fresh) lastFresh = Date.now();
    } catch (error) {
      // The service unreachable: what was due by its last known time (or ours) still goes out.
      problem(`the service's clock is unavailable (${error instanceof Error ? error.message : String(error)})`);
      lastNow = Math.max(lastNow, Math.floor(Date.now() / 1000));
    }
    return lastNow;
  };

  const tick = async () => {
    const report = await sendDueMail({ now: await serviceNow() });
    if (report.problem) problem(`${report.problem} (the mail waits and is sent again later)`);
    const total = report.sent + report.skipped + report.retried + report.failed;
    if (total > 0) {
      log.info(
        `mail: ${report.sent} sent, ${report.skipped} skipped, ${report.retried} to retry, ${report.failed} given up`,
      );
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      troubled = false;
      running = tick()
        .then(() => {
          if (!troubled) lastProblem = '';
        })
        .catch((error: unknown) => problem(error instanceof Error ? error.message : String(error)))
        .finally(schedule);
    }, pollMs);
    if (!keepAlive) timer.unref?.();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
