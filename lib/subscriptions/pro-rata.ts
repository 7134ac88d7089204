import type { Period } from './plans';

const DAY = 86_400;

export interface ProRata {
  /** KRW to give back, floored to the won. */
  refund: number;
  unit: 'day' | 'second';
  unused: number;
  total: number;
}

/**
 * The part of a paid period not yet used at `now` (service clock), as a refund: for calendar-month
 * plans the days not yet completed (only whole days elapsed count as used, so the day under way is
 * given back), for the demo plan the seconds left; `paid × unused ÷ total`, floored to the won, so
 * it never exceeds what was paid.
 */
export function proRataRefund(paid: number, start: number, end: number, now: number, period: Period): ProRata {
  if ('seconds' in period) {
    const total = Math.max(1, end - start);
    const unused = Math.min(total, Math.max(0, end - now));
    return { refund: Math.floor((paid * unused) / total), unit: 'second', unused, total };
  }
  const total = Math.max(1, Math.round((end - start) / DAY));
  const used = Math.max(0, Math.floor((now - start) / DAY));
  const unused = now >= end ? 0 : Math.max(0, total - used);
  return { refund: Math.floor((paid * unused) / total), unit: 'day', unused, total };
}
