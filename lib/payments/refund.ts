import 'server-only';
import { IamportApiError, iamport, type Payment } from '@/lib/iamport';

/**
 * Refunds what is left of a payment, once. `refundable` is the balance the caller believes left:
 * sent as the checksum, so a concurrent second refund (another app instance, the webhook racing
 * reconciliation) is refused by the service instead of paying out twice. A refusal is fine when
 * the record now says the payment is cancelled; anything else throws (the caller retries later).
 */
export async function refundInFull(impUid: string, refundable: number, reason: string): Promise<Payment> {
  const client = iamport();
  try {
    return await client.payments.cancel({ imp_uid: impUid, checksum: refundable, reason });
  } catch (error) {
    if (!(error instanceof IamportApiError)) throw error;
    const now = await client.payments.get({ imp_uid: impUid });
    if (now.status !== 'cancelled') throw error;
    return now;
  }
}
