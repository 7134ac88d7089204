import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { webhookDeliveries } from '@/lib/db/schema';
import {
  IamportError,
  IamportNotFoundError,
  IamportWebhookError,
  iamport,
  parseWebhookBody,
  type WebhookHint,
} from '@/lib/iamport';
import { kindOf } from '@/lib/payments/ids';
import { paymentHandlers } from './handlers';

/**
 * Records a delivery, then acts on what the service says about the payment it names. Throws only
 * when the delivery could not be recorded (the route then answers 5xx so the service retries);
 * everything else — forged, unknown, ignored, failed to act — is recorded with its outcome.
 */
export async function receiveWebhook(body: string, contentType: string | null): Promise<{ outcome: string }> {
  const db = await getDb();
  const [delivery] = await db
    .insert(webhookDeliveries)
    .values({ body: body.slice(0, 10_000), contentType })
    .returning({ id: webhookDeliveries.id });
  if (!delivery) throw new Error('insert returned no row');

  const outcome = await act(body, contentType, async (hint) => {
    await db.update(webhookDeliveries).set({ hint, impUid: hint.imp_uid }).where(eq(webhookDeliveries.id, delivery.id));
  });
  await db
    .update(webhookDeliveries)
    .set({ outcome, processedAt: new Date() })
    .where(eq(webhookDeliveries.id, delivery.id));
  return { outcome };
}

async function act(
  body: string,
  contentType: string | null,
  noteHint: (hint: WebhookHint) => Promise<void>,
): Promise<string> {
  let hint: WebhookHint;
  try {
    hint = parseWebhookBody(body, contentType);
  } catch (error) {
    if (error instanceof IamportWebhookError) return `ignored: ${error.message}`;
    throw error;
  }
  await noteHint(hint);
  try {
    // The notice is a hint: the payment is read back with our own credentials, so a forged or
    // foreign imp_uid finds nothing, and a stale status in the notice is never believed.
    const payment = await iamport().payments.get({ imp_uid: hint.imp_uid });
    const kind = kindOf(payment.merchant_uid);
    const handler = kind && paymentHandlers[kind];
    if (!handler) return `ignored: no handler for merchant_uid ${payment.merchant_uid}`;
    return await handler(payment);
  } catch (error) {
    if (error instanceof IamportNotFoundError) return 'ignored: the service has no such payment';
    if (error instanceof IamportError) return `error: ${error.message}`;
    console.error('webhook handler failed', error);
    return 'error: the handler failed';
  }
}
