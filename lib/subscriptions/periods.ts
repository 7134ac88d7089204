import 'server-only';
import type { Period } from './plans';

const KST_OFFSET_SECONDS = 9 * 3600;
const DAY = 86_400;

/** `anchor` plus `months` calendar months in Korea's time zone, on the anchor's day where the month has it (Jan 31 → Feb 28/29). */
function addMonths(anchor: number, months: number): number {
  const local = new Date((anchor + KST_OFFSET_SECONDS) * 1000);
  const day = local.getUTCDate();
  const target = new Date(local.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000) - KST_OFFSET_SECONDS;
}

/** Whole calendar months from `from` to `to` in Korea's time zone, by year and month only. */
function monthsBetween(from: number, to: number): number {
  const a = new Date((from + KST_OFFSET_SECONDS) * 1000);
  const b = new Date((to + KST_OFFSET_SECONDS) * 1000);
  return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();
}

/**
 * The end of a period that starts at `start` (UNIX seconds, service clock). Months are counted from
 * `anchor` (Stripe's billing_cycle_anchor; the start itself by default): the period ends on the
 * anchor's grid — the anchor plus whole periods — at the first point after `start`. So a
 * subscription anchored on Jan 31 runs to Feb 28, then to Mar 31: the day is kept, never drifts.
 */
export function periodEnd(start: number, period: Period, anchor = start): number {
  if ('seconds' in period) return start + period.seconds;
  const from = anchor > start ? start : anchor;
  let months = Math.max(0, Math.floor(monthsBetween(from, start) / period.months) * period.months);
  let end = addMonths(from, months);
  while (end <= start) {
    months += period.months;
    end = addMonths(from, months);
  }
  return end;
}

/** When the n-th retry (1-based) of a renewal due at `dueAt` is made: `retryDays[n-1]` days later. */
export function retryAt(dueAt: number, retryDays: readonly number[], attempt: number): number | undefined {
  const days = retryDays[attempt - 1];
  return days === undefined ? undefined : dueAt + days * DAY;
}

/**
 * The charge that renews a period ending at `end`: due then, paying for the period after it, which
 * ends on the anchor's grid. When that moment is already past (`now`, service clock: the renewal is
 * decided late), the periods missed are skipped and the renewal pays for the period from now —
 * never for one already over — counted from now (the anchor moves there once it is paid).
 */
export function renewalOf(end: number, period: Period, amount: number, now = end, anchor = end) {
  const start = Math.max(end, now);
  return {
    kind: 'renewal' as const,
    attempt: 0,
    periodStart: start,
    periodEnd: periodEnd(start, period, start === end ? anchor : start),
    scheduleAt: start,
    amount,
  };
}
