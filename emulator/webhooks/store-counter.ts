// The convenience-store counter: a customer pays barcode X in cash or by card. The service first
// asks the merchant's confirm_url (the payment in the envelope; only HTTP 200 allows it, and no
// confirm_url always allows it), then marks the payment paid and notifies notice_url(s) or the
// merchant's callback. A refusal leaves the payment unpaid; the check is in the delivery log.
import type { Emulator } from '../core/emulator';
import { asPaid, savePayment } from '../core/service/payments';
import type { PaymentRecord, WebhookRecord } from '../core/store/records';
import { paymentWire } from '../core/wire/answers';
import { conflict, notFound } from '../core/wire/errors';
import { type Body, requiredText } from '../core/wire/fields';
import { post } from './send';
import type { WebhookService } from './webhook-service';
import { webhookWire } from './webhook-wire';

export type CollectMethod = 'cash' | 'card';

export class StoreCounter {
  /** Barcodes whose collection check is under way: a second scan waits for the first's outcome. */
  private readonly busy = new Set<string>();

  constructor(
    private readonly core: Emulator,
    private readonly webhooks: WebhookService,
  ) {}

  async collect(impUid: string, body: Body, baseUrl: string) {
    const method = requiredText(body, 'method', { pattern: /^(cash|card)$/, format: 'cash | card' }) as CollectMethod;
    const payment = this.collectable(impUid);
    if (this.busy.has(impUid)) throw conflict('이 수납번호는 수납 확인 중입니다.');
    this.busy.add(impUid);
    try {
      let confirm: WebhookRecord | null = null;
      if (payment.confirm_url) {
        confirm = await this.confirm(payment, baseUrl);
        if (confirm.attempts[0]?.response_status !== 200) {
          const current = this.core.store.payments.get(impUid) ?? payment;
          return {
            outcome: 'refused' as const,
            method,
            payment: paymentWire(current, baseUrl),
            confirm: webhookWire(confirm),
            notifications: [],
          };
        }
      }
      // The merchant may have cancelled it (or the deadline passed) while it was being asked.
      const known = new Set(this.webhooks.list({ impUid }).map((w) => w.id));
      const paid = savePayment(this.core, asPaid(this.collectable(impUid), this.core.now(payment.merchant_code)));
      const notifications = this.webhooks.list({ impUid }).filter((w) => !known.has(w.id));
      await this.webhooks.deliverNow(
        payment.merchant_code,
        notifications.map((w) => w.id),
      );
      return {
        outcome: 'paid' as const,
        method,
        payment: paymentWire(paid, baseUrl),
        confirm: confirm ? webhookWire(confirm) : null,
        notifications: notifications.map((w) => webhookWire(this.webhooks.get(w.id))),
      };
    } finally {
      this.busy.delete(impUid);
    }
  }

  /** POSTs the payment in the envelope to confirm_url (JSON, one attempt, never retried) and logs it. */
  private async confirm(payment: PaymentRecord, baseUrl: string): Promise<WebhookRecord> {
    const url = payment.confirm_url ?? '';
    const body = JSON.stringify({ code: 0, message: null, response: paymentWire(payment, baseUrl) });
    const attempt = await post(url, 'json', body, this.core.now(payment.merchant_code), this.webhooks.sending);
    const status = attempt.response_status;
    return this.webhooks.create({
      merchant_code: payment.merchant_code,
      event: 'cvs.confirm',
      imp_uid: payment.imp_uid,
      merchant_uid: payment.merchant_uid,
      url,
      encoding: 'json',
      body,
      status: null,
      retry: 'none',
      state: status !== null && status >= 200 && status < 300 ? 'delivered' : 'failed',
      next_attempt_at: 0,
      delay_ms: 0,
      attempts: [attempt],
      copy_of: null,
      copy_kind: null,
    });
  }

  private collectable(impUid: string): PaymentRecord {
    const payment = this.core.store.payments.get(impUid);
    if (payment?.pay_method !== 'cvs') throw notFound(`편의점 수납번호가 아닙니다: ${impUid}`);
    if (payment.status === 'paid') throw conflict('이미 수납된 수납번호입니다.');
    if (payment.status !== 'ready') throw conflict(`말소된 수납번호입니다 (status: ${payment.status}).`);
    const now = this.core.now(payment.merchant_code);
    if (now > payment.expired_at) {
      throw conflict(`수납기한이 지났습니다 (expired_at: ${payment.expired_at}, 현재: ${now}).`);
    }
    return payment;
  }
}
