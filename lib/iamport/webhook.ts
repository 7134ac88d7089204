import 'server-only';
import { IamportWebhookError } from './errors';
import { type WebhookHint, webhookSchema } from './schemas/webhook';

/**
 * Reads the service's notice (JSON or form-urlencoded, per the merchant's setting) into the
 * identifiers to re-read. It is a hint only: nothing in it is proof of payment — the handler reads
 * the payment from the service before acting.
 */
export function parseWebhookBody(body: string, contentType: string | null): WebhookHint {
  const fields = decode(body, (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '');
  const parsed = webhookSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`);
  throw new IamportWebhookError(`not a payment notice: ${problems.join('; ')}`);
}

function decode(body: string, declared: string): unknown {
  // Without a content type, the body's first character tells the two encodings apart.
  const mediaType =
    declared || (body.trimStart().startsWith('{') ? 'application/json' : 'application/x-www-form-urlencoded');
  if (mediaType === 'application/x-www-form-urlencoded') return Object.fromEntries(new URLSearchParams(body));
  if (mediaType === 'application/json') {
    try {
      return JSON.parse(body);
    } catch {
      throw new IamportWebhookError('not a payment notice: the body is not JSON');
    }
  }
  throw new IamportWebhookError(`not a payment notice: unsupported content type ${mediaType}`);
}
