import 'server-only';

/**
 * The service's clock as seen from here. Timestamps the service hands out (certified_at, paid_at,
 * schedule_at, a token's expired_at) are compared with this, never with the local clock: against
 * the real service that cancels clock drift, against the emulator it follows its time travel.
 *
 * Each observation — a token's `now`, or a response's `Date` header — says the service clock read
 * `s` whole seconds at some local moment between sending and receiving, so the offset
 * (service − local) lies in an interval. Consistent observations narrow it; one that cannot be
 * reconciled (the emulator's clock was moved forward) replaces it.
 */
export interface ServiceClock {
  observe(serviceSeconds: number, sentAtMs: number, receivedAtMs: number): void;
  /** The estimated service time in ms, or null before any observation. */
  nowMs(): number | null;
  /** Local ms of the latest observation, or null before any. */
  lastObservedAt(): number | null;
  /** The local clock, in ms (injectable for tests). */
  localNow(): number;
}

export function createServiceClock(localNow: () => number = Date.now): ServiceClock {
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  let observedAt: number | null = null;

  return {
    observe(serviceSeconds, sentAtMs, receivedAtMs) {
      const from = serviceSeconds * 1000 - receivedAtMs;
      const to = serviceSeconds * 1000 + 999 - sentAtMs;
      if (from > high || to < low) {
        low = from;
        high = to;
      } else {
        low = Math.max(low, from);
        high = Math.min(high, to);
      }
      observedAt = receivedAtMs;
    },
    nowMs() {
      if (observedAt === null) return null;
      return localNow() + (low + high) / 2;
    },
    lastObservedAt: () => observedAt,
    localNow,
  };
}

/** Seconds from an HTTP `Date` header, or null when absent or unreadable. */
export function parseDateHeader(value: string | null): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}
