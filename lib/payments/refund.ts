import 'server-only';
import { IamportApiError, type Payment } from '@/lib/iamport';
import type { Api } from '@/lib/provider';
import { cancelPaymentOn, readPaymentOn } from './on-api';

/**
 * Refunds what is left of a payment, once, on the API it was made on. `refundable` is the balance
 * the caller believes left: sent as the checksum (V2: currentCancellableAmount), so a concurrent
 * second refund (another app instance, the webhook racing reconciliation) is refused by the service
 * instead of paying out twice. A refusal is fine when the record now says the payment is
 * cancelled; anything else throws (the caller retries later).
 */
export async function refundInFull(
  impUid: string,
  refundable: number,
  reason: string,
  api: Api = 'v1',
): Promise<Payment> {
  try {
    return await cancelPaymentOn(api, { impUid, checksum: refundable, reason });
  } catch (error) {
    if (!(error instanceof IamportApiError)) throw error;
    const now = await readPaymentOn(api, impUid);
    if (now.status !== 'cancelled') throw error;
    return now;
  }
}
