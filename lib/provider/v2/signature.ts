import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ProviderNoticeError } from '../errors';

/** Standard Webhooks' tolerance for a notice's timestamp, as the service and its SDK use it. */
export const TOLERANCE_SECONDS = 5 * 60;

const PREFIX = 'whsec_';

/**
 * Checks a V2 notice by the Standard Webhooks scheme: `webhook-signature` holds one or more
 * `v1,<base64 HMAC-SHA256>` of `<webhook-id>.<webhook-timestamp>.<body>` under the secret (base64
 * after `whsec_`). The timestamp is judged against the service's clock, not this server's — the
 * SDK's own `Webhook.verify` uses the local clock, which the emulator's virtual clock leaves behind.
 */
export async function verifySignature(
  secret: string,
  body: string,
  headers: Headers,
  serviceNow: (options?: { fresh?: boolean }) => Promise<number>,
): Promise<void> {
  const id = headers.get('webhook-id');
  const timestamp = headers.get('webhook-timestamp');
  const signatures = headers.get('webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new ProviderNoticeError('v2', 'missing webhook-id, -timestamp or -signature');
  }
  if (!/^\d{1,12}$/.test(timestamp)) throw new ProviderNoticeError('v2', 'webhook-timestamp is not UNIX seconds');
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || !signature) return false;
    const given = Buffer.from(signature, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new ProviderNoticeError('v2', 'no signature matches the webhook secret');
  // A replay is refused by its age. The clock estimate may predate a jump of the service's clock
  // (the emulator's, moved by a test): a notice that looks stale is judged again on a fresh reading.
  const within = async (fresh: boolean) =>
    Math.abs((await serviceNow({ fresh })) - Number(timestamp)) <= TOLERANCE_SECONDS;
  if (!(await within(false)) && !(await within(true))) {
    throw new ProviderNoticeError('v2', 'webhook-timestamp is outside the tolerance');
  }
}
