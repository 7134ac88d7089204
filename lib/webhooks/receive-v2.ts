import 'server-only';
import { settleIssuedKeyV2 } from '@/lib/cards';
import { getDb, webhookDeliveries } from '@/lib/db';
import { IamportError, type Payment } from '@/lib/iamport';
import { log } from '@/lib/log';
import {
  asV1Payment,
  type Notice,
  ProviderError,
  ProviderNotFoundError,
  ProviderNoticeError,
  providerFor,
} from '@/lib/provider';
import { type Receipt, settleRecord } from './receive';

export type V2Receipt = Receipt | { status: 401; outcome: string };

/**
 * A V2 notice (POST /api/webhooks/portone): its Standard Webhooks signature checked with
 * PORTONE_WEBHOOK_SECRET on the service's clock — a body not signed so is refused (401) before
 * anything is read or written — then the payment it names re-read from the service and settled
 * exactly as a V1 notice's is (its paymentId is our merchant_uid). The delivery is recorded by its
 * identifiers; 503 when acting failed (the service retries, reconciliation sweeps it anyway).
 */
export async function receiveV2Notice(body: string, headers: Headers): Promise<V2Receipt> {
  let notice: Notice;
  try {
    notice = await providerFor('v2').receiveNotice({ body, headers });
  } catch (error) {
    if (error instanceof ProviderNoticeError) return { status: 401, outcome: `refused: ${error.message}` };
    // Verified, but its payment could not be read now: asked again later.
    if (error instanceof ProviderError) return record({ outcome: `error: ${error.message}`, failed: true }, null);
    throw error;
  }
  if (notice.kind === 'payment_missing') {
    const hint = { imp_uid: notice.id, merchant_uid: notice.id, status: 'unknown' };
    return record({ outcome: 'ignored: the service has no such payment' }, hint);
  }
  if (notice.kind === 'billing_key' && notice.event === 'issued') {
    try {
      return record({ outcome: await settleIssuedKeyV2(notice.key) }, null);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      return record({ outcome: `error: ${error.message}`, failed: true }, null);
    }
  }
  if (notice.kind !== 'payment') {
    // Keys and identity checks are read back where they are used (card registration, signup); an
    // issued key is also checked above against a card no longer wanted.
    const what = notice.kind === 'ignored' ? notice.type : notice.kind;
    return record({ outcome: `ignored: ${what}` }, null);
  }
  const payment = asV1Payment(notice.payment);
  const hint = { imp_uid: payment.imp_uid, merchant_uid: payment.merchant_uid, status: payment.status };
  return record(await settleGuarded(payment), hint);
}

/**
 * A recorded V2 delivery acted on again (the console's 다시 처리): its payment read back from V2 by
 * its paymentId and settled through the same once-only paths as the notice was.
 */
export async function actV2(paymentId: string): Promise<{ outcome: string; failed?: true }> {
  try {
    return await settleGuarded(asV1Payment(await providerFor('v2').readPayment(paymentId)));
  } catch (error) {
    if (error instanceof ProviderNotFoundError) return { outcome: 'ignored: the service has no such payment' };
    if (error instanceof ProviderError) return { outcome: `error: ${error.message}`, failed: true };
    throw error;
  }
}

async function settleGuarded(payment: Payment): Promise<{ outcome: string; failed?: true }> {
  try {
    return await settleRecord(payment);
  } catch (error) {
    if (error instanceof IamportError || error instanceof ProviderError) {
      return { outcome: `error: ${error.message}`, failed: true };
    }
    log.error({ component: 'webhooks', err: error }, 'V2 webhook handler failed');
    return { outcome: 'error: the handler failed', failed: true };
  }
}

async function record(
  acted: { outcome: string; failed?: true },
  hint: { imp_uid: string; merchant_uid: string; status: string } | null,
): Promise<Receipt> {
  const db = await getDb();
  await db.insert(webhookDeliveries).values({
    // `api` tells the console's 다시 처리 to read the payment back from V2.
    body: JSON.stringify({ ...hint, api: 'v2' }),
    contentType: 'application/json',
    hint,
    impUid: hint?.imp_uid,
    outcome: acted.outcome.slice(0, 500),
    processedAt: new Date(),
  });
  return { status: acted.failed ? 503 : 200, outcome: acted.outcome };
}
