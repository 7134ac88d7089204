// The emulated service's state and its hooks: one store, the merchants with a virtual clock each
// (time/merchant-time.ts), and the signals the browser-side and webhook parts subscribe to. What
// runs on the clocks (scheduled charges, virtual-account deadlines, webhook attempts) is added by
// whoever starts the emulator (server.ts), so this class imports none of the service's rules.
import { defaultMerchant, type Merchant } from '../merchants';
import { Signal } from './signal';
import type { PaymentStatus } from './store/records';
import { Store } from './store/store';
import { type ClockOptions, type ClockState, initialClockState, VirtualClock } from './time/clock';
import { MerchantTimes } from './time/merchant-time';
import type { DueWork } from './time/timeline';

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

/**
 * A PortOne V2 event (emulator/v2/service/events.ts): `type` as Standard Webhooks name it
 * (`Transaction.Paid`, `BillingKey.Issued`, `IdentityVerification.Verified`, …) and its `data`.
 * The V2 webhook sender (emulator/v2/webhooks.ts) subscribes to `Emulator.v2Events`.
 */
export interface V2Event {
  merchant_code: string;
  type: string;
  data: Record<string, string>;
  /** The event's own target URLs; empty means the store's webhook URL. */
  urls: string[];
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
  /** The emulator's clock: a new merchant's clock starts from it; an advance of every merchant moves it too. */
  readonly clock: VirtualClock;
  readonly notices = new Signal<Notice>();
  readonly v2Events = new Signal<V2Event>();
  /** Emitted after every advance of a merchant's clock with its new time, once what fell due has run. */
  readonly ticks = new Signal<{ merchant_code: string; now: number }>();
  /** Each merchant's clock and what runs when it reaches it (scheduled charges, webhook attempts). */
  private readonly times: MerchantTimes;

  constructor(options: CoreOptions) {
    this.store = new Store(options.dataDir);
    const saved = this.store.clock;
    this.clock = new VirtualClock(saved ?? initialClockState(options.clock));
    if (!saved) this.store.saveClock(this.clock.state());
    this.times = new MerchantTimes(this.store, this.clock);
    for (const merchant of options.merchants ?? [defaultMerchant()]) this.upsertMerchant(merchant);
    // Merchants known only from the journal get their clock too: their schedules may fall due.
    for (const merchant of this.merchants()) this.times.of(merchant.code);
  }

  /** A merchant's virtual time (UNIX seconds). */
  now(merchantCode: string): number {
    return this.times.of(merchantCode).clock.now();
  }

  clockState(merchantCode: string): ClockState {
    return this.times.of(merchantCode).clock.state();
  }

  /** The merchant an un-scoped control call means: the first one (the app's, `imp00000000` by default). */
  /** The merchant stored first: every answer no merchant's clock dates is dated by its clock (read per response). */
  defaultMerchantCode(): string {
    return this.store.merchants.first()?.code ?? defaultMerchant().code;
  }

  /** Work that runs on each merchant's clock (added to every merchant's timeline, now and later). */
  addDueWork(source: (merchantCode: string) => DueWork): void {
    this.times.addWork(source);
  }

  /**
   * Moves one merchant's clock forward, or every merchant's (and the emulator's) when none is named;
   * resolves with the merchant's (or the default merchant's) new time once what fell due has run.
   */
  async advance(seconds: number, merchantCode?: string): Promise<number> {
    if (merchantCode !== undefined) {
      const now = await this.times.of(merchantCode).timeline.advance(seconds);
      await this.ticks.emit({ merchant_code: merchantCode, now });
      return now;
    }
    this.clock.advance(seconds);
    this.store.saveClock(this.clock.state());
    await Promise.all(this.merchants().map((merchant) => this.advance(seconds, merchant.code)));
    return this.now(this.defaultMerchantCode());
  }

  /** Runs what is due now on a merchant's clock (e.g. a delivery just queued). */
  runDue(merchantCode: string): Promise<void> {
    return this.times.of(merchantCode).timeline.runNow();
  }

  /** Resolves when no merchant's advance or run is under way or queued. */
  idle(): Promise<void> {
    return this.times.idle();
  }

  merchant(code: string): Merchant | undefined {
    return this.store.merchants.get(code);
  }

  merchants(): Merchant[] {
    return this.store.merchants.values();
  }

  /**
   * Adds or updates a merchant: fields `merchant` leaves out (a start-up merchant's test channels
   * and name, set through the control API) are kept, unless `replace` (the control API, which
   * merged them itself and may clear one). An unchanged merchant is not journaled again.
   */
  upsertMerchant(merchant: Merchant, { replace = false } = {}): Merchant {
    const existing = this.merchant(merchant.code);
    const defined = Object.entries(merchant).filter(([, value]) => value !== undefined);
    const updated = (
      replace ? merchant : { ...existing, ...Object.fromEntries(defined), code: merchant.code }
    ) as Merchant;
    if (existing && JSON.stringify(existing) === JSON.stringify(updated)) return existing;
    this.store.merchants.put(updated);
    this.times.of(updated.code);
    return updated;
  }

  notify(notice: Notice): void {
    void this.notices.emit(notice);
  }

  reset(): void {
    this.store.reset();
  }

  close(): void {
    this.times.close();
    this.store.close();
  }
}
