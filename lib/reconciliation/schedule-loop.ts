import 'server-only';
import { scheduledReconciliation } from './scheduled';

export interface ReconcileSchedule {
  /** Stops the schedule; resolves once the run in progress (if any) has finished and been recorded. */
  stop(): Promise<void>;
}

/**
 * `npm run jobs`'s reconciliation: a tick now and every `everyMs` after the last one ended; each
 * tick claims the period's run or leaves it to the worker that has it (lib/reconciliation/scheduled.ts).
 */
export function startReconcileSchedule({
  everyMs,
  tick = () => scheduledReconciliation({ everyMs }),
}: {
  everyMs: number;
  tick?: () => Promise<unknown>;
}): ReconcileSchedule {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const next = () => {
    if (stopped) return;
    running = tick().finally(() => {
      if (!stopped) timer = setTimeout(next, everyMs);
    });
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
    },
  };
}
