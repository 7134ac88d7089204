import 'server-only';
import { lt, sql } from 'drizzle-orm';
import { type Db, getDb, webhookDeliveries } from '@/lib/db';
import {
  IamportError,
  IamportNotFoundError,
  IamportWebhookError,
  iamport,
  type Payment,
  parseWebhookBody,
  type WebhookHint,
} from '@/lib/iamport';
import { log } from '@/lib/log';
import { orderSettledByNotice } from '@/lib/orders';
import { kindOf } from '@/lib/payments';
import { paymentHandlers } from './handlers';

/** Deliveries are kept this long (for support and audits), then pruned by reconciliation. */
export const DELIVERY_RETENTION_MS = 30 * 86_400_000;

export interface Receipt {
  /** 200: done (acted on or ignored); 400: not a notice; 503: acting failed, to be retried. */
  status: 200 | 400 | 503;
  outcome: string;
}

/**
 * Acts on what the service says about the payment a notice names, then records the delivery in one
 * row holding only the parsed identifiers (never the raw body). A body that is not a notice is
 * answered 400 at once, with no write and no call to the service. A settlement that could not be
 * completed (the service unreachable, the database refusing) is recorded and answered 503, so the
 * service retries, and reconciliation's sweep finds the payment in any case. Throws only when the
 * delivery could not be recorded (the route answers 5xx).
 */
export async function receiveWebhook(body: string, contentType: string | null): Promise<Receipt> {
  let hint: WebhookHint;
  try {
    hint = parseWebhookBody(body, contentType);
  } catch (error) {
    if (error instanceof IamportWebhookError) return { status: 400, outcome: `ignored: ${error.message}` };
    throw error;
  }
  const db = await getDb();
  const settled = await recordIfAlreadySettled(db, hint, contentType);
  if (settled) return { status: 200, outcome: settled };
  const { outcome, failed } = await act(hint);
  await db.insert(webhookDeliveries).values({
    body: JSON.stringify(hint),
    contentType: contentType?.slice(0, 100),
    hint,
    impUid: hint.imp_uid,
    outcome,
    processedAt: new Date(),
  });
  return { status: failed ? 503 : 200, outcome };
}

/**
 * The common notice: an order that the charge's own answer (or the browser's return) already
 * settled with this very payment and status (lib/orders says which). One statement both finds that
 * out (by the unique merchant_uid) and records the delivery; the service is not asked again.
 * Acting on the notice would change nothing then — whatever the service says now differs only if
 * the payment moved on since, and that move sends its own notice (and reconciliation sweeps it).
 * Answers the outcome when it recorded the delivery, else undefined (the notice is acted on as usual).
 */
async function recordIfAlreadySettled(db: Db, hint: WebhookHint, contentType: string | null) {
  const settledOrder = orderSettledByNotice(hint);
  if (!settledOrder) return undefined;
  // Both engines answer raw statements with `rows`.
  const result = (await db.execute(sql`
    insert into ${webhookDeliveries} (content_type, body, hint, imp_uid, outcome, processed_at)
    select ${contentType?.slice(0, 100) ?? null}, ${JSON.stringify(hint)}, ${JSON.stringify(hint)}::jsonb, ${hint.imp_uid},
      settled.outcome, ${new Date().toISOString()}::timestamptz
    from (${settledOrder}) as settled
    returning outcome`)) as unknown as { rows: { outcome: string }[] };
  return result.rows[0]?.outcome;
}

/**
 * Acts on a notice's hint: reads the payment back and hands it to its owner. Idempotent (every
 * handler is), so the console may run it again for a recorded delivery.
 */
export async function act(hint: WebhookHint): Promise<{ outcome: string; failed?: true }> {
  // Not one of the merchant_uids this app minted: nothing to read back or to settle.
  if (!kindOf(hint.merchant_uid)) return { outcome: `ignored: no handler for merchant_uid ${hint.merchant_uid}` };
  try {
    // The notice is a hint: the payment is read back with our own credentials, so a forged or
    // foreign imp_uid finds nothing, and a stale status in the notice is never believed.
    const payment = await iamport().payments.get({ imp_uid: hint.imp_uid });
    return await settleRecord(payment);
  } catch (error) {
    if (error instanceof IamportNotFoundError) return { outcome: 'ignored: the service has no such payment' };
    if (error instanceof IamportError) return { outcome: `error: ${error.message}`, failed: true };
    log.error({ component: 'webhooks', err: error }, 'webhook handler failed');
    return { outcome: 'error: the handler failed', failed: true };
  }
}

/** Hands a payment record the service confirmed to its owner, by the prefix of its merchant_uid. */
export async function settleRecord(payment: Payment): Promise<{ outcome: string }> {
  const kind = kindOf(payment.merchant_uid);
  const handler = kind && paymentHandlers[kind];
  if (!handler) return { outcome: `ignored: no handler for merchant_uid ${payment.merchant_uid}` };
  return { outcome: (await handler(payment)).note };
}

/** Forgets deliveries older than the retention; answers how many. */
export async function pruneDeliveries(now = Date.now()): Promise<number> {
  const db = await getDb();
  const pruned = await db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.receivedAt, new Date(now - DELIVERY_RETENTION_MS)))
    .returning({ id: webhookDeliveries.id });
  return pruned.length;
}
