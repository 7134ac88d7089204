import 'server-only';
import {
  IamportApiError,
  IamportChargeUnknownError,
  type IamportError,
  IamportInvalidResponseError,
  IamportTimeoutError,
} from './errors';
import type { Answer } from './http';
import { failureOf, parseRecord } from './parse';
import { type Payment, paymentSchema } from './schemas/payment';

// Charges answer with a union the caller has to switch on, because `code: 0` only means "the card
// issuer answered": a decline is code 0 too. Nothing here is a boolean "success".

export interface Paid {
  outcome: 'paid';
  payment: Payment;
}
export interface Declined {
  outcome: 'declined';
  payment: Payment;
  /** The issuer's reason (fail_reason), e.g. 잔액부족. */
  reason: string;
}
/**
 * A non-zero code and no payment in the answer: the card was refused or has expired, the issuer
 * could not be reached, the customer_uid has no card, the order number was already paid. This call
 * charged nothing. Which one it was is only in `message`, the service's own text: show it, never
 * parse it.
 */
export interface Rejected {
  outcome: 'rejected';
  /** The envelope's code; null when read back from an executed schedule. */
  code: number | null;
  message: string;
}
/** Charged, then fully refunded. */
export interface Cancelled {
  outcome: 'cancelled';
  payment: Payment;
}
/** Started and not finished (a payment window still open). */
export interface Ready {
  outcome: 'ready';
  payment: Payment;
}

/** What again and onetime return. */
export type ChargeResult = Paid | Declined | Rejected;
/** What a payment record says about its charge. */
export type PaymentOutcome = Paid | Declined | Cancelled | Ready;
/** What `charges.resolve` learns: the payment's outcome, or `not_found` — it was never charged. */
export type ResolvedCharge = PaymentOutcome | { outcome: 'not_found'; merchant_uid: string };

export function classifyPayment(payment: Payment): PaymentOutcome {
  switch (payment.status) {
    case 'paid':
      return { outcome: 'paid', payment };
    case 'failed':
      return { outcome: 'declined', payment, reason: payment.fail_reason ?? 'declined' };
    case 'cancelled':
      return { outcome: 'cancelled', payment };
    case 'ready':
      return { outcome: 'ready', payment };
  }
}

/** Reads the answer to a charge for `merchant_uid` of `amount`. */
export function interpretCharge(answer: Answer, merchant_uid: string, amount: number): ChargeResult {
  const { envelope } = answer;
  if (answer.status < 200 || answer.status >= 300) throw failureOf(answer);
  if (envelope === null) {
    throw new IamportInvalidResponseError(answer.request, 'body', 'not a JSON envelope {code, message, response}');
  }
  if (envelope.response == null) {
    if (envelope.code === 0)
      throw new IamportInvalidResponseError(answer.request, 'response', 'code 0 without a payment');
    return {
      outcome: 'rejected',
      code: envelope.code,
      message: envelope.message ?? 'no payment was made',
    };
  }
  const payment = parseRecord(answer, paymentSchema, envelope.response);
  if (payment.merchant_uid !== merchant_uid) {
    throw new IamportInvalidResponseError(answer.request, 'response.merchant_uid', `expected ${merchant_uid}`);
  }
  const result = classifyPayment(payment);
  if (result.outcome === 'paid' && payment.amount !== amount) {
    throw new IamportInvalidResponseError(
      answer.request,
      'response.amount',
      `expected ${amount}, charged ${payment.amount}`,
    );
  }
  if (result.outcome === 'paid' || result.outcome === 'declined') return result;
  throw new IamportInvalidResponseError(answer.request, 'response.status', `a charge cannot end ${payment.status}`);
}

/**
 * Sends a charge and reads it. When the charge may have happened but no readable answer came back
 * (timeout, dropped connection, 5xx, an unreadable body) the error says the outcome is unknown;
 * failures that prove nothing happened (never sent, refused token, a 4xx) pass through as they are.
 */
export async function charge(merchant_uid: string, amount: number, send: () => Promise<Answer>): Promise<ChargeResult> {
  try {
    return interpretCharge(await send(), merchant_uid, amount);
  } catch (error) {
    throw outcomeUnknown(error) ? new IamportChargeUnknownError(merchant_uid, { cause: error }) : error;
  }
}

function outcomeUnknown(error: unknown): error is IamportError {
  if (error instanceof IamportApiError) return error.httpStatus >= 500;
  return error instanceof IamportInvalidResponseError || error instanceof IamportTimeoutError;
}
