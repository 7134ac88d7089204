// All emulator state: tables with their indexes, the clock state and the merchants, replayed
// from the journal at start. Lookups go through keys and indexes, never through scans.
import type { Merchant } from '../merchants';
import type { ClockState } from './clock';
import { fileJournal, type Journal, type JournalEntry, memoryJournal, readJournal } from './journal';
import { HashIndex, Table } from './table';
import { TimeIndex } from './time-index';
import type {
  BillingKeyRecord,
  CertificationRecord,
  PaymentRecord,
  PreparedAmount,
  ScheduleRecord,
  TokenRecord,
  WebhookRecord,
} from './types';

const COMPACTION_SLACK = 1000;

/** Key of a record that is unique within one merchant. */
export const scoped = (merchantCode: string, id: string) => `${merchantCode}\n${id}`;

export class Store {
  private readonly journal: Journal;
  /** Lines in the journal file; once superseded ones outnumber live records it is compacted. */
  private lines = 0;
  private readonly write = (entry: JournalEntry) => {
    this.journal.append(entry);
    this.lines += 1;
    if (this.lines > 2 * this.liveCount() + COMPACTION_SLACK) this.compact();
  };
  private seq = 0;
  clock: ClockState | null = null;

  readonly merchants = new Table<Merchant>('merchant', (m) => m.code, this.write);
  readonly merchantsByKey = this.merchants.index(new HashIndex<Merchant>((m) => m.key));
  readonly tokens = new Table<TokenRecord>('token', (t) => t.merchant_code, this.write);
  readonly tokensByValue = this.tokens.index(new HashIndex<TokenRecord>((t) => t.access_token));
  readonly payments = new Table<PaymentRecord>('payment', (p) => p.imp_uid, this.write);
  readonly paymentsByMerchantUid = this.payments.index(
    new HashIndex<PaymentRecord>((p) => scoped(p.merchant_code, p.merchant_uid)),
  );
  /** A merchant's payments in one status (GET /payments/status/…). */
  readonly paymentsByStatus = this.payments.index(
    new HashIndex<PaymentRecord>((p) => scoped(p.merchant_code, p.status)),
  );
  readonly billingKeys = new Table<BillingKeyRecord>(
    'billing_key',
    (b) => scoped(b.merchant_code, b.customer_uid),
    this.write,
  );
  readonly schedules = new Table<ScheduleRecord>(
    'schedule',
    (s) => scoped(s.merchant_code, s.merchant_uid),
    this.write,
  );
  readonly schedulesByCustomer = this.schedules.index(
    new HashIndex<ScheduleRecord>((s) => scoped(s.merchant_code, s.customer_uid)),
  );
  /** Pending schedules by schedule_at: what the scheduler runs when the clock reaches them. */
  readonly pendingSchedules = this.schedules.index(
    new TimeIndex<ScheduleRecord>((s) =>
      s.schedule_status === 'scheduled' ? { at: s.schedule_at, seq: s.seq } : null,
    ),
  );
  readonly certifications = new Table<CertificationRecord>('certification', (c) => c.imp_uid, this.write);
  readonly prepared = new Table<PreparedAmount>('prepared', (p) => scoped(p.merchant_code, p.merchant_uid), this.write);
  /** The webhook delivery log; pending deliveries by the time of their next attempt. */
  readonly webhooks = new Table<WebhookRecord>('webhook', (w) => w.id, this.write);
  readonly webhooksByPayment = this.webhooks.index(new HashIndex<WebhookRecord>((w) => w.imp_uid));
  readonly pendingWebhooks = this.webhooks.index(
    new TimeIndex<WebhookRecord>((w) => (w.state === 'pending' ? { at: w.next_attempt_at, seq: w.seq } : null)),
  );
  /** Attempts under way; after a restart they are pending again (nothing was recorded of them). */
  readonly sendingWebhooks = this.webhooks.index(
    new HashIndex<WebhookRecord>((w) => (w.state === 'sending' ? '' : null)),
  );

  private readonly tables: Table<unknown>[] = [
    this.merchants,
    this.tokens,
    this.payments,
    this.billingKeys,
    this.schedules,
    this.certifications,
    this.prepared,
    this.webhooks,
  ] as unknown as Table<unknown>[];

  /** Opens the store of a data directory (replaying and compacting its journal) or ':memory:'. */
  constructor(dataDir: string) {
    if (dataDir === ':memory:') {
      this.journal = memoryJournal();
      return;
    }
    const entries = readJournal(dataDir);
    this.pendingSchedules.deferSorting();
    this.pendingWebhooks.deferSorting();
    for (const entry of entries) this.replay(entry);
    this.pendingSchedules.resumeSorting();
    this.pendingWebhooks.resumeSorting();
    this.journal = fileJournal(dataDir);
    this.lines = entries.length;
    if (this.lines > 2 * this.liveCount()) this.compact();
  }

  /** Rewrites the journal with one line per live record. Keeping it under about twice the state's
   * size bounds both the disk it takes and the replay at the next start. */
  private compact(): void {
    this.journal.rewrite(this.snapshot());
    this.lines = this.liveCount();
  }

  private replay(entry: JournalEntry) {
    if (entry.k === 'clock' && 'p' in entry) {
      this.clock = entry.p as ClockState;
      return;
    }
    const table = this.tables.find((t) => t.kind === entry.k);
    if (!table) return; // a kind from a newer version: ignored
    if ('d' in entry) table.unload(entry.d);
    else table.load(entry.p);
    const seq = (entry as { p?: { seq?: unknown } }).p?.seq;
    if (typeof seq === 'number' && seq > this.seq) this.seq = seq;
  }

  private liveCount(): number {
    return this.tables.reduce((n, t) => n + t.size, this.clock ? 1 : 0);
  }

  private *snapshot(): Iterable<JournalEntry> {
    if (this.clock) yield { k: 'clock', p: this.clock };
    for (const table of this.tables) yield* table.entries();
  }

  /** A number that orders records by creation. */
  nextSeq(): number {
    this.seq += 1;
    return this.seq;
  }

  saveClock(state: ClockState): void {
    this.clock = state;
    this.write({ k: 'clock', p: state });
  }

  /** Forgets everything except merchants and the clock (which only moves forward). */
  reset(): void {
    for (const table of this.tables) if (table !== this.merchants) table.clear();
    this.compact();
  }

  counts() {
    return {
      merchants: this.merchants.size,
      tokens: this.tokens.size,
      payments: this.payments.size,
      billing_keys: this.billingKeys.size,
      schedules: this.schedules.size,
      pending_schedules: this.pendingSchedules.size,
      certifications: this.certifications.size,
      prepared: this.prepared.size,
      webhooks: this.webhooks.size,
      pending_webhooks: this.pendingWebhooks.size,
    };
  }

  close(): void {
    this.journal.close();
  }
}
