// The emulated service's state and its hooks: one store, one virtual clock, the merchants, and
// the signals the browser-side and webhook parts subscribe to.
import { defaultMerchant, type Merchant } from '../merchants';
import { type ClockOptions, initialClockState, VirtualClock } from './clock';
import { scheduledCharges } from './scheduled-charges';
import { Signal } from './signal';
import { Store } from './store';
import { Timeline } from './timeline';
import type { PaymentStatus } from './types';

/**
 * What a merchant is told about: a payment became paid, a scheduled charge was attempted (paid
 * or failed), a refund asked for it. Webhook delivery (emulator/webhooks) subscribes to
 * `Emulator.notices`.
 */
export interface Notice {
  merchant_code: string;
  imp_uid: string;
  merchant_uid: string;
  status: PaymentStatus;
  /** The payment's own notice_url(s); empty means the merchant's callback URL. */
  notice_urls: string[];
  /** Set on a refund's notice. */
  cancellation_id?: string;
}

export interface CoreOptions {
  /** A directory for state that survives restarts, or ':memory:' for none. */
  dataDir: string;
  /** Used when the data directory holds no clock yet. */
  clock?: ClockOptions;
  /** Added or updated at start (merchants added through the control API persist too). */
  merchants?: Merchant[];
}

export class Emulator {
  readonly store: Store;
  readonly clock: VirtualClock;
  readonly notices = new Signal<Notice>();
  /** Emitted after every clock advance with the new time, once what fell due has run. */
  readonly ticks = new Signal<number>();
  /** What runs when the virtual clock reaches it: scheduled charges here, webhook attempts when served. */
  readonly timeline: Timeline;

  constructor(options: CoreOptions) {
    this.store = new Store(options.dataDir);
    const saved = this.store.clock;
    this.clock = new VirtualClock(saved ?? initialClockState(options.clock));
    if (!saved) this.store.saveClock(this.clock.state());
    this.timeline = new Timeline(this.clock, () => this.store.saveClock(this.clock.state()));
    this.timeline.add(scheduledCharges(this));
    this.store.pendingSchedules.watchEarliest(() => this.timeline.rearm());
    for (const merchant of options.merchants ?? [defaultMerchant()]) this.upsertMerchant(merchant);
  }

  now(): number {
    return this.clock.now();
  }

  /** Moves the clock forward; resolves once everything that fell due on the way has run. */
  async advance(seconds: number): Promise<number> {
    const now = await this.timeline.advance(seconds);
    await this.ticks.emit(now);
    return now;
  }

  merchant(code: string): Merchant | undefined {
    return this.store.merchants.get(code);
  }

  merchants(): Merchant[] {
    return this.store.merchants.values();
  }

  /**
   * Adds or updates a merchant: fields `merchant` leaves out (a start-up merchant's test channels,
   * set through the control API) are kept. An unchanged merchant is not journaled again.
   */
  upsertMerchant(merchant: Merchant): Merchant {
    const existing = this.merchant(merchant.code);
    const defined = Object.entries(merchant).filter(([, value]) => value !== undefined);
    const updated: Merchant = { ...existing, ...Object.fromEntries(defined), code: merchant.code } as Merchant;
    if (existing && JSON.stringify(existing) === JSON.stringify(updated)) return existing;
    return this.store.merchants.put(updated);
  }

  notify(notice: Notice): void {
    void this.notices.emit(notice);
  }

  reset(): void {
    this.store.reset();
  }

  close(): void {
    this.timeline.close();
    this.store.close();
  }
}
