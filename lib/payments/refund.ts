import 'server-only';
import { IamportApiError, IamportError, iamport, type Payment } from '@/lib/iamport';

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

/** What a partial refund came to, as the service's record says. */
export type PartRefund =
  | { status: 'refunded'; payment: Payment }
  | { status: 'refused'; message: string }
  /** Neither the answer nor the record says it happened yet: it may still land. */
  | { status: 'unknown' };

/**
 * Refunds `amount` of a payment whose balance the caller believes is `refundable`: sent with that
 * balance as the checksum, so a second request (a retry, a concurrent one) can never refund twice —
 * the service refuses it once the balance has moved. Whatever the answer (lost, refused), the
 * payment's record decides: a balance down by `amount` means refunded. `askedBefore` (an earlier
 * request's answer was lost): the record is read first, and the request is only made again if
 * the record shows it never landed.
 */
export async function refundPart(
  impUid: string,
  amount: number,
  refundable: number,
  reason: string,
  { askedBefore = false } = {},
): Promise<PartRefund> {
  const client = iamport();
  if (askedBefore) {
    try {
      const record = await client.payments.get({ imp_uid: impUid });
      if (record.amount - record.cancel_amount <= refundable - amount) return { status: 'refunded', payment: record };
    } catch (lookup) {
      if (lookup instanceof IamportError) return { status: 'unknown' };
      throw lookup;
    }
  }
  try {
    return {
      status: 'refunded',
      payment: await client.payments.cancel({ imp_uid: impUid, amount, checksum: refundable, reason }),
    };
  } catch (error) {
    if (!(error instanceof IamportError)) throw error;
    let record: Payment;
    try {
      record = await client.payments.get({ imp_uid: impUid });
    } catch (lookup) {
      if (lookup instanceof IamportError) return { status: 'unknown' };
      throw lookup;
    }
    if (record.amount - record.cancel_amount <= refundable - amount) return { status: 'refunded', payment: record };
    return error instanceof IamportApiError ? { status: 'refused', message: error.message } : { status: 'unknown' };
  }
}
