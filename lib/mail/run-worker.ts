import 'server-only';
import { env } from '@/lib/env';
import { iamport } from '@/lib/iamport';
import { sendDueMail } from './worker';

export interface MailWorker {
  stop(): Promise<void>;
}

/**
 * The mail worker's loop: every MAIL_POLL_MS it sends what is due by the service's clock. Runs in
 * each app instance (instrumentation.ts) or alone (`npm run jobs`); instances share the outbox.
 */
export function startMailWorker({ pollMs = env.MAIL_POLL_MS, log = console } = {}): MailWorker {
  let stopped = false;
  let lastFresh = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();

  const tick = async () => {
    const fresh = Date.now() - lastFresh > env.MAIL_CLOCK_CHECK_MS;
    const now = await iamport().serviceNow({ fresh });
    if (fresh) lastFresh = Date.now();
    const report = await sendDueMail({ now });
    const total = report.sent + report.skipped + report.retried + report.failed;
    if (total > 0) {
      log.info?.(
        `mail: ${report.sent} sent, ${report.skipped} skipped, ${report.retried} to retry, ${report.failed} given up`,
      );
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick()
        .catch((error: unknown) => log.warn?.(`mail worker: ${error instanceof Error ? error.message : String(error)}`))
        .finally(schedule);
    }, pollMs);
    timer.unref?.();
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
