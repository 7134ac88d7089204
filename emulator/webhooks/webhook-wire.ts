// The delivery log as the control API shows it (and the dashboard lists it).
import type { WebhookRecord } from '../core/store/records';
import { bodyOf, contentType } from './send';

export function webhookWire(w: WebhookRecord) {
  const last = w.attempts[w.attempts.length - 1];
  return {
    id: w.id,
    merchant_code: w.merchant_code,
    event: w.event,
    imp_uid: w.imp_uid,
    merchant_uid: w.merchant_uid,
    target: w.url,
    encoding: w.encoding,
    content_type: contentType(w.encoding),
    body: bodyOf(w),
    /** pending (waiting for its first attempt or a retry), sending, delivered (2xx), failed, dropped */
    status: w.state,
    /** The last attempt's HTTP status; null before any attempt or when none answered. */
    response_status: last?.response_status ?? null,
    attempts: w.attempts,
    next_attempt_at: w.state === 'pending' ? w.next_attempt_at : null,
    retry: w.retry,
    delay_ms: w.delay_ms,
    created_at: w.created_at,
    copy_of: w.copy_of,
    copy_kind: w.copy_kind,
  };
}
