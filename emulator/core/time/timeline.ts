// Runs what falls due on the virtual clock (scheduled charges, webhook attempts) in time order and
// exactly once. Two ways time moves: a clock advance, which steps the clock to each due time in
// turn (so a record carries the time it was due, and what it causes can fall due in the same
// advance), and real time, for which one timer is armed for the earliest due time — no polling.
// Advances and timer runs are serialised, so nothing runs twice.
import type { VirtualClock } from './clock';

export interface DueWork {
  /** The earliest virtual time this source has work for, or null. */
  next(): number | null;
  /** Does what is due at or before `at` (the clock reads `at` or later). */
  run(at: number): void | Promise<void>;
  /** Resolves once work in flight (e.g. HTTP attempts) has finished; answers whether there was any. */
  settle?(): Promise<boolean>;
}

/** setTimeout's limit is about 24.8 days; a farther due time is reached by re-arming. */
const MAX_DELAY_MS = 3_600_000;

export class Timeline {
  private readonly sources: DueWork[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private closed = false;

  constructor(
    private readonly clock: VirtualClock,
    private readonly saveClock: () => void,
  ) {}

  add(source: DueWork): void {
    this.sources.push(source);
    this.rearm();
  }

  /** Moves the clock forward, running everything due on the way; resolves with the new time. */
  advance(seconds: number): Promise<number> {
    if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError('seconds must be a non-negative integer');
    return this.exclusive(async () => {
      let moved = 0;
      for (;;) {
        const due = this.earliest();
        if (due === null || due > this.clock.now() + seconds - moved) {
          // Work in flight (a webhook handler) may still book something due before the end.
          if (await this.settle()) continue;
          break;
        }
        const step = Math.max(0, due - this.clock.now());
        if (step > 0) {
          this.clock.advance(step);
          moved += step;
          this.saveClock();
        }
        await this.runDue(due);
      }
      if (seconds > moved) {
        this.clock.advance(seconds - moved);
        this.saveClock();
      }
      await this.drain(true);
      return this.clock.now();
    });
  }

  /** Runs what is due now (e.g. a delivery just queued) and resolves when that is done. */
  runNow(): Promise<void> {
    return this.exclusive(() => this.drain(false));
  }

  /** Re-arms the timer for the earliest due time (after anything may have become earlier). */
  rearm(): void {
    if (this.busy || this.closed) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due = this.earliest();
    if (due === null) return;
    const state = this.clock.state();
    if (state.mode === 'frozen' && due > state.at) return; // only an advance gets there
    const at = state.mode === 'frozen' ? Date.now() : (due - state.offset) * 1000;
    const delay = Math.min(MAX_DELAY_MS, Math.max(0, at - Date.now()));
    this.timer = setTimeout(() => {
      this.timer = null;
      this.runNow().catch((error: unknown) => console.error('emulator: running due work failed:', error));
    }, delay);
    this.timer.unref();
  }

  /** Resolves when no advance or run is under way or queued. */
  async idle(): Promise<void> {
    await this.queue;
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private earliest(): number | null {
    let min: number | null = null;
    for (const source of this.sources) {
      const at = source.next();
      if (at !== null && (min === null || at < min)) min = at;
    }
    return min;
  }

  /** Each source with work due by `at`, in the order they were added (schedules before webhooks). */
  private async runDue(at: number): Promise<void> {
    for (const source of this.sources) {
      const next = source.next();
      if (next !== null && next <= at) await source.run(at);
    }
  }

  private async settle(): Promise<boolean> {
    const waited = await Promise.all(this.sources.map((s) => s.settle?.() ?? false));
    return waited.includes(true);
  }

  /** Runs what is due at the current time until nothing is; `settle` also waits for work in flight. */
  private async drain(settle: boolean): Promise<void> {
    for (;;) {
      if (settle) await this.settle();
      const due = this.earliest();
      const now = this.clock.now();
      if (due === null || due > now) return;
      await this.runDue(now);
    }
  }

  private exclusive<T>(task: () => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      this.busy = true;
      try {
        return await task();
      } finally {
        this.busy = false;
        this.rearm();
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }
}
