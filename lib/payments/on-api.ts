import 'server-only';
import {
  classifyPayment,
  IamportApiError,
  IamportError,
  IamportNotFoundError,
  iamport,
  type Payment,
  type ResolvedCharge,
} from '@/lib/iamport';
import {
  type Api,
  asV1Payment,
  ProviderApiError,
  ProviderError,
  ProviderNotFoundError,
  providerFor,
} from '@/lib/provider';

// The payment service as the shop's money code sees it, on the API a record was made on: V1's
// client unchanged, or V2 through lib/provider with its records in V1's shape (asV1Payment) and its
// failures as V1's error classes — so refunds, settlements and their invariants keep one set of
// rules (docs/money.md), whichever API a payment is on.

/** A V2 failure as the V1 error the money code already decides on: not found, refused (4xx/5xx), or no answer. */
function asIamportError(error: unknown, request: string): unknown {
  if (error instanceof ProviderNotFoundError) {
    return new IamportNotFoundError(request, error.httpStatus, null, error.serviceMessage);
  }
  if (error instanceof ProviderApiError)
    return new IamportApiError(request, error.httpStatus, null, error.serviceMessage);
  if (error instanceof ProviderError) return new IamportError(`${request}: ${error.message}`, { cause: error });
  return error;
}

async function onV2<T>(request: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw asIamportError(error, request);
  }
}

/** The payment `impUid` (V1 imp_uid, V2 paymentId) as its API's record holds it now. */
export function readPaymentOn(api: Api, impUid: string): Promise<Payment> {
  if (api === 'v1') return iamport().payments.get({ imp_uid: impUid });
  return onV2(`GET /payments/${impUid}`, async () => asV1Payment(await providerFor('v2').readPayment(impUid)));
}

export interface CancelOn {
  impUid: string;
  /** Omitted: everything left. */
  amount?: number;
  /** The balance the caller believes left (V1 checksum, V2 currentCancellableAmount). */
  checksum: number;
  reason: string;
  /** 가상계좌 (V1 only): where the money goes back. */
  refundAccount?: { refund_bank: string; refund_account: string; refund_holder: string };
}

/**
 * A refund on `api`. A refusal is an IamportApiError under 500 on both (V2's refusals — a stale
 * balance, already cancelled, not paid — answer 409 here), so callers judge it the same way.
 */
export function cancelPaymentOn(api: Api, input: CancelOn): Promise<Payment> {
  if (api === 'v1') {
    return iamport().payments.cancel({
      imp_uid: input.impUid,
      ...(input.amount === undefined ? {} : { amount: input.amount }),
      checksum: input.checksum,
      reason: input.reason,
      ...input.refundAccount,
    });
  }
  const request = `POST /payments/${input.impUid}/cancel`;
  return onV2(request, async () => {
    const result = await providerFor('v2').cancel({
      id: input.impUid,
      amount: input.amount,
      cancellableAmount: input.checksum,
      reason: input.reason,
    });
    if (result.outcome === 'refused') throw new IamportApiError(request, 409, null, result.message);
    return asV1Payment(result.payment);
  });
}

/** The service clock of `api`, UNIX seconds (a record of it is compared with this, never with ours). */
export function serviceNowOn(api: Api): Promise<number> {
  if (api === 'v1') return iamport().serviceNow();
  return onV2('GET /login/api-secret', () => providerFor('v2').serviceNow());
}

/**
 * The truth about an order's payment by our order id (V1 merchant_uid; V2 the paymentId, which is
 * it), in V1's outcome terms; `not_found` when the service has none.
 */
export async function resolveChargeOn(api: Api, merchantUid: string): Promise<ResolvedCharge> {
  if (api === 'v1') return iamport().charges.resolve({ merchant_uid: merchantUid });
  let payment: Payment;
  try {
    payment = await readPaymentOn('v2', merchantUid);
  } catch (error) {
    if (error instanceof IamportNotFoundError) return { outcome: 'not_found', merchant_uid: merchantUid };
    throw error;
  }
  return classifyPayment(payment);
}
