// Webhooks: every notice (paid payment, scheduled charge, refund asked for, store collection)
// becomes one delivery per target — the payment's notice_url(s), else the merchant's callback URL —
// encoded as the merchant chose, logged, sent by the dispatcher when the virtual clock says so,
// and redeliverable. The store counter's collection checks are logged here too.
import type { Emulator, Notice } from '../core/emulator';
import type { PaymentRecord, WebhookEvent, WebhookRecord } from '../core/store/records';
import { invalid, notFound } from '../core/wire/errors';
import { Dispatcher } from './dispatcher';
import { WebhookSwitches } from './switch';

export interface WebhookOptions {
  /** Per attempt, so a hanging receiver cannot hold a clock advance for long (default 10 s). */
  timeoutMs?: number;
  /** Attempts in flight at once (default 32). */
  concurrency?: number;
}

export type NewDelivery = Omit<WebhookRecord, 'id' | 'seq' | 'created_at' | 'attempts'> &
  Partial<Pick<WebhookRecord, 'attempts'>>;

function eventOf(notice: Notice, payment: PaymentRecord | undefined): WebhookEvent {
  if (notice.cancellation_id) return 'refund';
  if (payment?.customer_uid_usage === 'payment.scheduled') return 'schedule';
  if (payment?.pay_method === 'vbank') return 'vbank';
  return payment?.pay_method === 'cvs' ? 'cvs' : 'payment';
}

export class WebhookService {
  readonly switches = new WebhookSwitches();
  private readonly dispatcher: Dispatcher;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly core: Emulator,
    options: WebhookOptions = {},
  ) {
    this.dispatcher = new Dispatcher(core, options.timeoutMs ?? 10_000, options.concurrency ?? 32);
    // Attempts cut off by a restart left no record of an answer: they are pending again.
    for (const w of core.store.sendingWebhooks.get('')) core.store.webhooks.put({ ...w, state: 'pending' });
    this.unsubscribe = core.notices.subscribe((notice) => this.notify(notice));
    core.addDueWork((merchantCode) => this.dispatcher.of(merchantCode));
  }

  /** Logs the deliveries of a notice; the dispatcher sends them (at once, unless the switch delays). */
  notify(notice: Notice): void {
    const merchant = this.core.merchant(notice.merchant_code);
    if (!merchant) return;
    const setting = this.switches.take(merchant.code);
    const dropped = setting.mode === 'drop';
    for (const url of notice.notice_urls.length > 0 ? notice.notice_urls : [merchant.callback_url]) {
      const delivery: NewDelivery = {
        merchant_code: merchant.code,
        event: eventOf(notice, this.core.store.payments.get(notice.imp_uid)),
        imp_uid: notice.imp_uid,
        merchant_uid: notice.merchant_uid,
        url,
        encoding: merchant.webhook_format,
        status: notice.status,
        ...(notice.cancellation_id ? { cancellation_id: notice.cancellation_id } : {}),
        retry: merchant.webhook_retry,
        state: dropped ? 'dropped' : 'pending',
        next_attempt_at: dropped ? 0 : this.core.now(merchant.code) + setting.delay_seconds,
        delay_ms: setting.delay_ms,
        copy_of: null,
        copy_kind: null,
      };
      const first = this.create(delivery);
      if (setting.mode === 'twice') this.create({ ...delivery, copy_of: first.id, copy_kind: 'duplicate' });
    }
  }

  /** Sends a logged notification again, now, as a new delivery; resolves after its first attempt. */
  async redeliver(id: string): Promise<WebhookRecord> {
    const original = this.get(id);
    if (original.event === 'cvs.confirm') throw invalid('id', '수납 확인 요청은 다시 보낼 수 없습니다.');
    const copy = this.create({
      ...original,
      retry:
        original.retry === 'v2' ? 'v2' : (this.core.merchant(original.merchant_code)?.webhook_retry ?? original.retry),
      state: 'pending',
      next_attempt_at: this.core.now(original.merchant_code),
      delay_ms: 0,
      attempts: [],
      copy_of: original.id,
      copy_kind: 'redelivery',
    });
    await this.deliverNow(copy.merchant_code, [copy.id]);
    return this.get(copy.id);
  }

  /** Sends what is due now on the merchant's clock and waits for these deliveries' attempts (e.g. to answer with them). */
  async deliverNow(merchantCode: string, ids: string[]): Promise<void> {
    await this.core.runDue(merchantCode);
    await this.dispatcher.settled(ids);
  }

  get(id: string): WebhookRecord {
    const record = this.core.store.webhooks.get(id);
    if (!record) throw notFound(`웹훅 전송 기록이 없습니다: ${id}`);
    return record;
  }

  /** The log in the order deliveries were created; `impUid` reads the index instead of the whole log. */
  list(filter: { merchantCode?: string | null; impUid?: string | null; limit?: number | null } = {}): WebhookRecord[] {
    const { merchantCode, impUid, limit } = filter;
    const records = impUid
      ? this.core.store.webhooksByPayment.get(impUid).sort((a, b) => a.seq - b.seq)
      : this.core.store.webhooks.values();
    const matching = merchantCode ? records.filter((r) => r.merchant_code === merchantCode) : records;
    return limit ? matching.slice(-limit) : matching;
  }

  /** Forgets the switch settings (the log itself lives in the store, which a reset clears). */
  reset(): void {
    this.switches.clear();
  }

  async close(): Promise<void> {
    this.unsubscribe();
    await this.dispatcher.close();
  }

  /** How requests to merchants are sent (agents, timeout), for the store counter's check. */
  get sending() {
    return this.dispatcher.sending;
  }

  /** Adds a delivery to the log (a pending one is then sent by the dispatcher). */
  create(delivery: NewDelivery): WebhookRecord {
    const seq = this.core.store.nextSeq();
    return this.core.store.webhooks.put({
      attempts: [],
      ...delivery,
      id: `wh_${seq}`,
      seq,
      created_at: this.core.now(delivery.merchant_code),
    });
  }
}
