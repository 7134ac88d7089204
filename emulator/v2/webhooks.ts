// V2 webhooks: each V2 event becomes one delivery per target URL in the emulator's delivery log
// (V1's dispatcher sends it on the merchant's clock, signed per attempt as Standard Webhooks ask,
// retried with V2's back-off). The webhook switches (drop, delay, twice) apply as to V1's.
import type { Emulator, V2Event } from '../core/emulator';
import type { V2WebhookType } from '../core/store/records';
import type { NewDelivery, WebhookService } from '../webhooks/webhook-service';
import { iso } from './wire';

/** The id a delivery is logged under: what the event is about. */
const subjectOf = (data: Record<string, string>) =>
  data.paymentId ?? data.billingKey ?? data.identityVerificationId ?? '';

/** Subscribes the V2 sender to the core's V2 events; answers the unsubscribe function. */
export function startV2Webhooks(core: Emulator, webhooks: WebhookService): () => void {
  return core.v2Events.subscribe((event: V2Event) => {
    const merchant = core.merchant(event.merchant_code);
    if (!merchant?.v2) return;
    const now = core.now(merchant.code);
    const body = JSON.stringify({ type: event.type, timestamp: iso(now), data: event.data });
    const setting = webhooks.switches.take(merchant.code);
    const dropped = setting.mode === 'drop';
    for (const url of event.urls.length > 0 ? event.urls : [merchant.v2.webhook_url]) {
      const delivery: NewDelivery = {
        merchant_code: merchant.code,
        event: event.type as V2WebhookType,
        imp_uid: subjectOf(event.data),
        merchant_uid: event.data.transactionId ?? event.data.storeId ?? '',
        url,
        encoding: 'json',
        status: null,
        body,
        retry: 'v2',
        v2_message_id: `msg_${core.store.nextSeq()}`,
        state: dropped ? 'dropped' : 'pending',
        next_attempt_at: dropped ? 0 : now + setting.delay_seconds,
        delay_ms: setting.delay_ms,
        copy_of: null,
        copy_kind: null,
      };
      const first = webhooks.create(delivery);
      if (setting.mode === 'twice') webhooks.create({ ...delivery, copy_of: first.id, copy_kind: 'duplicate' });
    }
  });
}
