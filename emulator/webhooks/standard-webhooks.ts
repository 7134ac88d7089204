// Standard Webhooks signing (PortOne V2): `webhook-id`, `webhook-timestamp` (virtual seconds) and
// `webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed by the bytes
// of the `whsec_` secret's base64.
import { createHmac } from 'node:crypto';

export function standardWebhookSignature(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function standardWebhookHeaders(secret: string, id: string, timestamp: number, body: string) {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': standardWebhookSignature(secret, id, timestamp, body),
  };
}
