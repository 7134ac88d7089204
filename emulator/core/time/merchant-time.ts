// A virtual clock per merchant, each with its own timeline of due work (Stripe scopes its test
// clocks the same way): moving one merchant's clock runs that merchant's schedules and webhook
// attempts and leaves every other merchant's time, tokens and records as they were. A merchant's
// clock starts as a copy of the emulator's clock and is journaled whenever it moves.

import type { Store } from '../store/store';
import { VirtualClock } from './clock';
import { type DueWork, Timeline } from './timeline';

export interface MerchantTime {
  clock: VirtualClock;
  timeline: Timeline;
}

export class MerchantTimes {
  private readonly times = new Map<string, MerchantTime>();
  private readonly work: ((merchantCode: string) => DueWork)[] = [];

  constructor(
    private readonly store: Store,
    private readonly emulatorClock: VirtualClock,
  ) {
    // A record that becomes a merchant's earliest due work re-arms that merchant's timer.
    const rearm = (merchantCode: string) => this.times.get(merchantCode)?.timeline.rearm();
    store.pendingSchedules.watchEarliest(rearm);
    store.pendingWebhooks.watchEarliest(rearm);
    store.waitingVbanks.watchEarliest(rearm);
    store.v2PendingSchedules.watchEarliest(rearm);
  }

  /** The merchant's clock and timeline (made, from the journal or the emulator's clock, on first use). */
  of(merchantCode: string): MerchantTime {
    const known = this.times.get(merchantCode);
    if (known) return known;
    if (!this.store.merchants.has(merchantCode)) throw new Error(`no merchant ${merchantCode}`);
    const saved = this.store.merchantClocks.get(merchantCode)?.clock;
    const clock = new VirtualClock(saved ?? this.emulatorClock.state());
    const save = () => this.store.merchantClocks.put({ merchant_code: merchantCode, clock: clock.state() });
    if (!saved) save();
    const time = { clock, timeline: new Timeline(clock, save) };
    this.times.set(merchantCode, time);
    for (const source of this.work) time.timeline.add(source(merchantCode));
    return time;
  }

  /** Adds a kind of due work to every merchant's timeline, now and for merchants added later. */
  addWork(source: (merchantCode: string) => DueWork): void {
    this.work.push(source);
    for (const [merchantCode, time] of this.times) time.timeline.add(source(merchantCode));
  }

  async idle(): Promise<void> {
    await Promise.all([...this.times.values()].map((time) => time.timeline.idle()));
  }

  close(): void {
    for (const time of this.times.values()) time.timeline.close();
  }
}
