import 'server-only';
import { IamportChargeUnknownError, IamportError, iamport, type Payment } from '@/lib/iamport';
import {
  type Api,
  asV1Payment,
  ProviderChargeUnknownError,
  ProviderError,
  providerFor,
  type ResolvedCharge,
} from '@/lib/provider';
import { buyerOf } from './buyer';

/** A charge not on the service's record this long after it was sent never reached it. */
export const SETTLED_AFTER_MS = 2 * 60_000;

/**
 * Whether a charge sent at `sentAt` might still reach the service, so that "not found" proves
 * nothing yet. Both times are this server's clock (rows record it explicitly, not the database's).
 */
export const mayStillArrive = (sentAt: Date, now = Date.now()) => now - sentAt.getTime() < SETTLED_AFTER_MS;

export interface CardCharge {
  /** Server-minted, new for every attempt: how a charge whose answer was lost is found again. */
  merchantUid: string;
  customerUid: string;
  /** The API the card's key was issued on (cards.api); default v1. */
  api?: Api;
  /** V2: the key the service issued (cards.billing_key); V1 charges the customer_uid. */
  billingKey?: string | null;
  /** KRW, decided by the server (catalogue or plan), never by the browser. */
  amount: number;
  /** What the customer sees on the statement and the receipt. */
  name: string;
  /** Sent as the service's buyer fields, fitted to its limits. */
  buyer?: { name: string; email: string };
}

/** What one attempt to charge a registered card came to, as the service recorded it. */
export type CardChargeResult =
  | { status: 'paid'; payment: Payment }
  | { status: 'failed'; reason: string; payment?: Payment }
  /** The service's answer was lost and it could not be looked up yet: resolve it later, never re-send. */
  | { status: 'pending'; reason: string };

/**
 * Charges a billing key once with /subscribe/payments/again. When the answer is lost (timeout,
 * 5xx, dropped connection) the truth is read back by merchant_uid instead of charging again.
 */
export async function chargeCard(charge: CardCharge): Promise<CardChargeResult> {
  if (charge.api === 'v2') return chargeOnV2(charge);
  try {
    const result = await iamport().charges.again({
      merchant_uid: charge.merchantUid,
      customer_uid: charge.customerUid,
      amount: charge.amount,
      name: charge.name,
      ...(charge.buyer && buyerOf(charge.buyer)),
    });
    if (result.outcome === 'paid') return { status: 'paid', payment: result.payment };
    if (result.outcome === 'declined') return { status: 'failed', reason: result.reason, payment: result.payment };
    // This call charged nothing (card refused, issuer unreachable, …), but the order number may
    // already carry a payment from an earlier attempt: the service's record decides.
    const truth = await resolveCharge(charge.merchantUid, charge.amount);
    return truth.status === 'not_found' ? { status: 'failed', reason: result.message } : truth;
  } catch (error) {
    if (!(error instanceof IamportChargeUnknownError)) throw error;
    const truth = await resolveCharge(charge.merchantUid, charge.amount);
    // Not found yet proves nothing: the lost request may still be on its way to the issuer.
    return truth.status === 'not_found' ? { status: 'pending', reason: 'the answer was lost' } : truth;
  }
}

/**
 * The outcome of a charge whose answer was lost, from GET /payments/find/{merchant_uid}.
 * `not_found` is final only once the attempt is old enough that it can no longer arrive
 * (see SETTLED_AFTER_MS); the caller decides, knowing when it sent the charge.
 */
export async function resolveCharge(
  merchantUid: string,
  amount: number,
  api: Api = 'v1',
): Promise<CardChargeResult | { status: 'not_found' }> {
  if (api === 'v2') return resolveOnV2(merchantUid, amount);
  try {
    const truth = await iamport().charges.resolve({ merchant_uid: merchantUid });
    switch (truth.outcome) {
      case 'paid':
        return truth.payment.amount === amount
          ? { status: 'paid', payment: truth.payment }
          : { status: 'pending', reason: `charged ${truth.payment.amount}, expected ${amount}` };
      case 'declined':
        return { status: 'failed', reason: truth.reason, payment: truth.payment };
      case 'not_found':
        return { status: 'not_found' };
      case 'cancelled':
        return { status: 'failed', reason: '결제가 취소되었습니다.', payment: truth.payment };
      case 'ready':
        return { status: 'pending', reason: 'the payment is not finished yet' };
    }
  } catch (error) {
    if (error instanceof IamportError) return { status: 'pending', reason: error.message };
    throw error;
  }
}

/**
 * V2: POST /payments/{paymentId}/billing-key with our order id as the paymentId, so a lost answer
 * is found again by it — the same rules as V1's, the record shown to the shop in V1's shape.
 */
async function chargeOnV2(charge: CardCharge): Promise<CardChargeResult> {
  if (!charge.billingKey) return { status: 'failed', reason: '결제 카드의 빌링키가 없습니다.' };
  try {
    const result = await providerFor('v2').chargeKey({
      key: charge.billingKey,
      orderId: charge.merchantUid,
      amount: charge.amount,
      orderName: charge.name,
      buyer: charge.buyer,
    });
    if (result.outcome === 'paid') return { status: 'paid', payment: asV1Payment(result.payment) };
    if (result.outcome === 'declined') {
      return { status: 'failed', reason: result.reason, payment: asV1Payment(result.payment) };
    }
    const truth = await resolveOnV2(charge.merchantUid, charge.amount);
    return truth.status === 'not_found' ? { status: 'failed', reason: result.message } : truth;
  } catch (error) {
    if (!(error instanceof ProviderChargeUnknownError)) throw error;
    const truth = await resolveOnV2(charge.merchantUid, charge.amount);
    return truth.status === 'not_found' ? { status: 'pending', reason: 'the answer was lost' } : truth;
  }
}

async function resolveOnV2(merchantUid: string, amount: number): Promise<CardChargeResult | { status: 'not_found' }> {
  let truth: ResolvedCharge;
  try {
    truth = await providerFor('v2').resolveCharge(merchantUid);
  } catch (error) {
    if (error instanceof ProviderError) return { status: 'pending', reason: error.message };
    throw error;
  }
  switch (truth.outcome) {
    case 'paid':
      return truth.payment.amount === amount
        ? { status: 'paid', payment: asV1Payment(truth.payment) }
        : { status: 'pending', reason: `charged ${truth.payment.amount}, expected ${amount}` };
    case 'declined':
      return { status: 'failed', reason: truth.reason, payment: asV1Payment(truth.payment) };
    case 'not_found':
      return { status: 'not_found' };
    case 'cancelled':
      return { status: 'failed', reason: '결제가 취소되었습니다.', payment: asV1Payment(truth.payment) };
    case 'ready':
      return { status: 'pending', reason: 'the payment is not finished yet' };
  }
}
