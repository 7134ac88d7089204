import 'server-only';
import type { Period } from './plans';

const KST_OFFSET_SECONDS = 9 * 3600;
const DAY = 86_400;

/**
 * The end of a period that starts at `start` (UNIX seconds, service clock). Months are calendar
 * months in Korea's time zone, kept to the start's day where the month has it (Jan 31 → Feb 28/29).
 */
export function periodEnd(start: number, period: Period): number {
  if ('seconds' in period) return start + period.seconds;
  const local = new Date((start + KST_OFFSET_SECONDS) * 1000);
  const day = local.getUTCDate();
  const target = new Date(local.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + period.months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000) - KST_OFFSET_SECONDS;
}

/** When the n-th retry (1-based) of a renewal due at `dueAt` is made: `retryDays[n-1]` days later. */
export function retryAt(dueAt: number, retryDays: readonly number[], attempt: number): number | undefined {
  const days = retryDays[attempt - 1];
  return days === undefined ? undefined : dueAt + days * DAY;
}

/**
 * The charge that renews a period ending at `end`: due then, paying for the period after it. When
 * that moment is already past (`now`, service clock: the renewal is decided late), the periods
 * missed are skipped and the renewal pays for the period from now — never for one already over.
 */
export function renewalOf(end: number, period: Period, amount: number, now = end) {
  const start = Math.max(end, now);
  return {
    kind: 'renewal' as const,
    attempt: 0,
    periodStart: start,
    periodEnd: periodEnd(start, period),
    scheduleAt: start,
    amount,
  };
}
