// All emulator state: tables with their indexes, the clock state and the merchants, replayed
// from the journal at start. Lookups go through keys and indexes, never through scans.
import type { Merchant } from '../../merchants';
import type { ClockState } from './clock-state';
import { GroupedTimeIndex } from './grouped-time-index';
import {
  fileJournal,
  type Journal,
  type JournalEntry,
  memoryJournal,
  parseLine,
  type RawLine,
  replayJournal,
} from './journal';
import { type Shape, shapeCodec } from './record-shape';
import type {
  BillingKeyRecord,
  CertificationRecord,
  EscrowLogisRecord,
  OtpRequestRecord,
  PaymentRecord,
  PreparedAmount,
  ReceiptRecord,
  ScheduleRecord,
  TokenRecord,
  WebhookRecord,
} from './records';
import { HashIndex, snapshotLine, Table } from './table';
import type { V2IdentityVerificationRecord } from './v2-identity-records';
import type {
  V2BillingKeyRecord,
  V2CashReceiptRecord,
  V2IdempotencyRecord,
  V2PaymentRecord,
  V2PreRegistration,
  V2ScheduleRecord,
  V2SessionRecord,
  V2TokenRecord,
} from './v2-records';

/** Compaction when superseded lines pass half the live records (plus this slack). */
const COMPACTION_SLACK = 1000;
const compactionDue = (lines: number, live: number) => lines > live * 1.5 + COMPACTION_SLACK;

/** A payment's outcome before it has one: not paid, failed or cancelled (new payments start so). */
export const noOutcomeYet = () => ({
  paid_at: 0,
  failed_at: 0,
  cancelled_at: 0,
  fail_reason: null,
  cancel_reason: null,
  cancel_history: [] as PaymentRecord['cancel_history'],
});

const NOBODY = { buyer_name: null, buyer_email: null, buyer_tel: null, buyer_addr: null, buyer_postcode: null };
/** Journaled payments leave out the values most payments have (record-shape.ts). */
const PAYMENT_SHAPE: Shape<PaymentRecord> = {
  merchant_code: undefined,
  seq: undefined,
  imp_uid: undefined,
  merchant_uid: undefined,
  pay_method: undefined,
  channel: undefined,
  pg_provider: undefined,
  pg_id: undefined,
  pg_tid: undefined,
  apply_num: null,
  card: null,
  card_quota: 0,
  barcode: null,
  expired_at: 0,
  name: null,
  amount: undefined,
  cancel_amount: 0,
  currency: 'KRW',
  ...NOBODY,
  custom_data: null,
  user_agent: 'sorry_not_supported',
  status: undefined,
  started_at: undefined,
  ...noOutcomeYet(),
  customer_uid: null,
  customer_uid_usage: null,
  notice_urls: [],
  confirm_url: null,
  sandbox: undefined,
  vbank: null,
  deposits: [],
  escrow: false,
  cash_receipt_issued: false,
  bank: null,
};
const SCHEDULE_SHAPE: Shape<ScheduleRecord> = {
  merchant_code: undefined,
  seq: undefined,
  customer_uid: undefined,
  merchant_uid: undefined,
  schedule_at: undefined,
  amount: undefined,
  currency: 'KRW',
  name: undefined,
  ...NOBODY,
  custom_data: null,
  notice_urls: [],
  schedule_status: undefined,
  executed_at: 0,
  revoked_at: 0,
  imp_uid: null,
  payment_status: null,
  fail_reason: null,
};
const WEBHOOK_SHAPE: Shape<WebhookRecord> = {
  id: undefined,
  seq: undefined,
  merchant_code: undefined,
  event: undefined,
  imp_uid: undefined,
  merchant_uid: undefined,
  url: undefined,
  encoding: 'json',
  status: null,
  cancellation_id: undefined,
  body: undefined,
  retry: 'none',
  v2_message_id: undefined,
  state: undefined,
  created_at: undefined,
  next_attempt_at: 0,
  delay_ms: 0,
  attempts: [],
  copy_of: null,
  copy_kind: null,
};

/** The snapshot's line holding the last sequence number (nextSeq). */
const SEQ = 'seq';

export interface MerchantClock {
  merchant_code: string;
  clock: ClockState;
}

/** Key of a record that is unique within one merchant. */
export const scoped = (merchantCode: string, id: string) => `${merchantCode}\n${id}`;

/** Key of a cash receipt: a payment's (imp_uid) or an external one (merchant_uid). */
export const receiptKey = (merchantCode: string, impUid: string | null, merchantUid: string) =>
  scoped(merchantCode, impUid === null ? `external\n${merchantUid}` : `payment\n${impUid}`);

export class Store {
  private readonly journal: Journal;
  /** Lines in the journal file; once superseded ones outnumber live records it is compacted. */
  private lines = 0;
  /** Lines after the snapshot (changes since the last compaction): a stop compacts them away. */
  private changes = 0;
  private readonly write = (entry: JournalEntry) => {
    this.journal.append(entry);
    this.lines += 1;
    this.changes += 1;
    if (compactionDue(this.lines, this.liveCount())) this.compact();
  };
  private seq = 0;
  /** The emulator's clock: a new merchant's starts from it, and an advance for all merchants moves it. */
  clock: ClockState | null = null;

  readonly merchants = new Table<Merchant>('merchant', (m) => m.code, this.write);
  readonly merchantsByKey = this.merchants.index(new HashIndex<Merchant>((m) => m.key));
  /** Each merchant's own virtual clock (Stripe scopes its test clocks the same way). */
  readonly merchantClocks = new Table<MerchantClock>('merchant_clock', (c) => c.merchant_code, this.write);
  readonly tokens = new Table<TokenRecord>('token', (t) => t.merchant_code, this.write);
  readonly tokensByValue = this.tokens.index(new HashIndex<TokenRecord>((t) => t.access_token));
  readonly payments = new Table<PaymentRecord>('payment', (p) => p.imp_uid, this.write, shapeCodec(PAYMENT_SHAPE));
  readonly paymentsByMerchantUid = this.payments.index(
    new HashIndex<PaymentRecord>((p) => scoped(p.merchant_code, p.merchant_uid)),
  );
  /** A merchant's payments in one status (GET /payments/status/…). */
  readonly paymentsByStatus = this.payments.index(
    new HashIndex<PaymentRecord>((p) => scoped(p.merchant_code, p.status)),
  );
  /** A merchant's payments made with a billing key (GET /subscribe/customers/{uid}/payments). */
  readonly paymentsByCustomer = this.payments.index(
    new HashIndex<PaymentRecord>((p) => (p.customer_uid === null ? null : scoped(p.merchant_code, p.customer_uid))),
  );
  /** Virtual accounts waiting for their deposit, by the first second after their deadline. */
  readonly waitingVbanks = this.payments.index(
    new GroupedTimeIndex<PaymentRecord>((p) =>
      p.vbank && p.status === 'ready' ? { group: p.merchant_code, at: p.vbank.due + 1, seq: p.seq } : null,
    ),
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
    shapeCodec(SCHEDULE_SHAPE),
  );
  readonly schedulesByCustomer = this.schedules.index(
    new HashIndex<ScheduleRecord>((s) => scoped(s.merchant_code, s.customer_uid)),
  );
  /** Pending schedules by merchant and schedule_at: what runs when that merchant's clock reaches them. */
  readonly pendingSchedules = this.schedules.index(
    new GroupedTimeIndex<ScheduleRecord>((s) =>
      s.schedule_status === 'scheduled' ? { group: s.merchant_code, at: s.schedule_at, seq: s.seq } : null,
    ),
  );
  /** Every schedule by merchant and schedule_at (GET /subscribe/payments/schedule lists a range). */
  readonly schedulesByTime = this.schedules.index(
    new GroupedTimeIndex<ScheduleRecord>((s) => ({ group: s.merchant_code, at: s.schedule_at, seq: s.seq })),
  );
  readonly certifications = new Table<CertificationRecord>('certification', (c) => c.imp_uid, this.write);
  readonly prepared = new Table<PreparedAmount>('prepared', (p) => scoped(p.merchant_code, p.merchant_uid), this.write);
  /** Certifications by REST waiting for their code. */
  readonly otps = new Table<OtpRequestRecord>('otp', (o) => o.imp_uid, this.write);
  /** Cash receipts, of a payment or external (receipts.ts: receiptKey). */
  readonly receipts = new Table<ReceiptRecord>(
    'receipt',
    (r) => receiptKey(r.merchant_code, r.imp_uid, r.merchant_uid),
    this.write,
  );
  readonly escrowLogis = new Table<EscrowLogisRecord>('escrow_logis', (e) => e.imp_uid, this.write);
  /** The webhook delivery log; pending deliveries by the time of their next attempt. */
  readonly webhooks = new Table<WebhookRecord>('webhook', (w) => w.id, this.write, shapeCodec(WEBHOOK_SHAPE));
  readonly webhooksByPayment = this.webhooks.index(new HashIndex<WebhookRecord>((w) => w.imp_uid));
  readonly pendingWebhooks = this.webhooks.index(
    new GroupedTimeIndex<WebhookRecord>((w) =>
      w.state === 'pending' ? { group: w.merchant_code, at: w.next_attempt_at, seq: w.seq } : null,
    ),
  );
  /** Attempts under way; after a restart they are pending again (nothing was recorded of them). */
  readonly sendingWebhooks = this.webhooks.index(
    new HashIndex<WebhookRecord>((w) => (w.state === 'sending' ? '' : null)),
  );

  // PortOne V2 (emulator/v2): its own records, beside V1's, on the same merchants and clocks.
  readonly v2Payments = new Table<V2PaymentRecord>(
    'v2_payment',
    (p) => scoped(p.merchant_code, p.payment_id),
    this.write,
  );
  readonly v2PaymentsByMerchant = this.v2Payments.index(new HashIndex<V2PaymentRecord>((p) => p.merchant_code));
  readonly v2PreRegistrations = new Table<V2PreRegistration>(
    'v2_pre_registration',
    (p) => scoped(p.merchant_code, p.payment_id),
    this.write,
  );
  readonly v2BillingKeys = new Table<V2BillingKeyRecord>('v2_billing_key', (b) => b.billing_key, this.write);
  readonly v2BillingKeysByMerchant = this.v2BillingKeys.index(
    new HashIndex<V2BillingKeyRecord>((b) => b.merchant_code),
  );
  readonly v2Schedules = new Table<V2ScheduleRecord>('v2_schedule', (s) => s.id, this.write);
  readonly v2SchedulesByMerchant = this.v2Schedules.index(new HashIndex<V2ScheduleRecord>((s) => s.merchant_code));
  readonly v2SchedulesByKey = this.v2Schedules.index(
    new HashIndex<V2ScheduleRecord>((s) => scoped(s.merchant_code, s.billing_key)),
  );
  /** Schedules waiting for their time, by merchant and time_to_pay: what that merchant's clock runs. */
  readonly v2PendingSchedules = this.v2Schedules.index(
    new GroupedTimeIndex<V2ScheduleRecord>((s) =>
      s.status === 'SCHEDULED' ? { group: s.merchant_code, at: s.time_to_pay, seq: s.seq } : null,
    ),
  );
  readonly v2CashReceipts = new Table<V2CashReceiptRecord>(
    'v2_cash_receipt',
    (r) => scoped(r.merchant_code, r.payment_id),
    this.write,
  );
  readonly v2CashReceiptsByMerchant = this.v2CashReceipts.index(
    new HashIndex<V2CashReceiptRecord>((r) => r.merchant_code),
  );
  readonly v2Sessions = new Table<V2SessionRecord>('v2_session', (r) => r.id, this.write);
  readonly v2Tokens = new Table<V2TokenRecord>('v2_token', (t) => t.access_token, this.write);
  readonly v2TokensByRefresh = this.v2Tokens.index(new HashIndex<V2TokenRecord>((t) => t.refresh_token));
  readonly v2TokensByMerchant = this.v2Tokens.index(new HashIndex<V2TokenRecord>((t) => t.merchant_code));
  readonly v2Idempotency = new Table<V2IdempotencyRecord>(
    'v2_idempotency',
    (r) => scoped(r.merchant_code, r.key),
    this.write,
  );
  /** PortOne V2 identity verifications (emulator/v2/identity), by merchant and identityVerificationId. */
  readonly v2IdentityVerifications = new Table<V2IdentityVerificationRecord>(
    'v2_identity_verification',
    (v) => scoped(v.merchant_code, v.id),
    this.write,
  );
  /** A merchant's V2 identity verifications (GET /identity-verifications). */
  readonly v2IdentityVerificationsByMerchant = this.v2IdentityVerifications.index(
    new HashIndex<V2IdentityVerificationRecord>((v) => v.merchant_code),
  );

  private readonly tables: Table<unknown>[] = [
    this.merchants,
    this.merchantClocks,
    this.tokens,
    this.payments,
    this.billingKeys,
    this.schedules,
    this.certifications,
    this.prepared,
    this.otps,
    this.receipts,
    this.escrowLogis,
    this.webhooks,
    this.v2Payments,
    this.v2PreRegistrations,
    this.v2BillingKeys,
    this.v2Schedules,
    this.v2CashReceipts,
    this.v2Sessions,
    this.v2Tokens,
    this.v2Idempotency,
    this.v2IdentityVerifications,
  ] as unknown as Table<unknown>[];
  private readonly byKind = new Map(this.tables.map((table) => [table.kind, table]));

  /** Opens the store of a data directory (replaying and compacting its journal) or ':memory:'. */
  constructor(dataDir: string) {
    if (dataDir === ':memory:') {
      this.journal = memoryJournal();
      return;
    }
    this.pendingSchedules.deferSorting();
    this.pendingWebhooks.deferSorting();
    this.waitingVbanks.deferSorting();
    this.schedulesByTime.deferSorting();
    this.v2PendingSchedules.deferSorting();
    const { lines } = replayJournal(dataDir, (raw, file) => this.replay(raw, file));
    this.pendingSchedules.resumeSorting();
    this.pendingWebhooks.resumeSorting();
    this.waitingVbanks.resumeSorting();
    this.schedulesByTime.resumeSorting();
    this.v2PendingSchedules.resumeSorting();
    this.journal = fileJournal(dataDir);
    this.lines = lines;
    if (compactionDue(lines, this.liveCount())) this.compact();
  }

  /** Rewrites the journal with one line per live record (a snapshot, table.ts). Keeping it under
   * about twice the state's size bounds both the disk it takes and the replay at the next start. */
  private compact(): void {
    this.journal.rewrite(this.snapshot());
    this.lines = this.liveCount();
    this.changes = 0;
  }

  private replay(raw: RawLine, file: string) {
    const parts = snapshotLine(raw.data, raw.start, raw.end);
    if (parts) {
      const table = this.byKind.get(parts.kind);
      if (table?.replaySnapshot(raw, file, parts)) return;
    }
    const entry = parseLine(raw.data.toString('utf8', raw.start, raw.end), file, raw.line);
    // The clock's and the sequence's lines are part of a snapshot; any other line parsed here is a change since.
    if (entry.k !== 'clock' && entry.k !== SEQ) this.changes += 1;
    this.apply(entry);
  }

  private apply(entry: JournalEntry) {
    if (entry.k === SEQ && 'p' in entry) {
      if (typeof entry.p === 'number' && entry.p > this.seq) this.seq = entry.p;
      return;
    }
    if (entry.k === 'clock' && 'p' in entry) {
      this.clock = entry.p as ClockState;
      return;
    }
    const table = this.byKind.get(entry.k);
    if (!table) return; // a kind from a newer version: ignored
    table.replay(entry);
    const seq = (entry as { p?: { seq?: unknown } }).p?.seq;
    if (typeof seq === 'number' && seq > this.seq) this.seq = seq;
  }

  /** Lines of a snapshot: one per record, the clock's and the sequence's. */
  private liveCount(): number {
    return this.tables.reduce((n, t) => n + t.size, (this.clock ? 1 : 0) + 1);
  }

  private *snapshot(): Iterable<string> {
    if (this.clock) yield JSON.stringify({ k: 'clock', p: this.clock });
    // The last number handed out, once: snapshot records are not parsed at start to find it.
    yield JSON.stringify({ k: SEQ, p: this.seq });
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

  /** Forgets everything except merchants and the clocks (which only move forward). */
  reset(): void {
    const kept: Table<unknown>[] = [this.merchants, this.merchantClocks] as unknown as Table<unknown>[];
    for (const table of this.tables) if (!kept.includes(table)) table.clear();
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
      otp_requests: this.otps.size,
      receipts: this.receipts.size,
      escrow_logis: this.escrowLogis.size,
      webhooks: this.webhooks.size,
      pending_webhooks: this.pendingWebhooks.size,
    };
  }

  /** A stop compacts what changed since the last snapshot, so the next start reads a snapshot only. */
  close(): void {
    if (this.changes > 0) this.compact();
    this.journal.close();
  }
}
