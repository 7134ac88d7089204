import type { ClockState } from '../store/clock-state';

export type { ClockState };

export interface ClockOptions {
  /** The virtual time to start at (UNIX seconds or a Date); default: real time. */
  start?: number | Date;
  /** Stand still until advanced (deterministic tests). */
  frozen?: boolean;
}

const realSeconds = () => Math.floor(Date.now() / 1000);

export function initialClockState(options: ClockOptions = {}): ClockState {
  const start = options.start instanceof Date ? Math.floor(options.start.getTime() / 1000) : options.start;
  if (options.frozen) return { mode: 'frozen', at: start ?? realSeconds() };
  return { mode: 'running', offset: start === undefined ? 0 : start - realSeconds() };
}

export class VirtualClock {
  constructor(private current: ClockState) {}

  now(): number {
    return this.current.mode === 'frozen' ? this.current.at : realSeconds() + this.current.offset;
  }

  /** Moves the clock forward by whole seconds and answers the new time. */
  advance(seconds: number): number {
    if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative integer');
    this.current =
      this.current.mode === 'frozen'
        ? { mode: 'frozen', at: this.current.at + seconds }
        : { mode: 'running', offset: this.current.offset + seconds };
    return this.now();
  }

  state(): ClockState {
    return this.current;
  }
}

/** The HTTP `Date` header value for a virtual time. */
export const httpDate = (seconds: number) => new Date(seconds * 1000).toUTCString();

const KST_OFFSET = 9 * 3600;

/** The calendar date in Korea (the service's time zone) at a UNIX time. */
export function kstDate(seconds: number): { year: number; month: number; day: number } {
  const d = new Date((seconds + KST_OFFSET) * 1000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** UNIX seconds of midnight KST on a calendar date. */
export const kstMidnight = (year: number, month: number, day: number) =>
  Date.UTC(year, month - 1, day) / 1000 - KST_OFFSET;
