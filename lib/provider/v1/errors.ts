import 'server-only';
import {
  IamportApiError,
  IamportChargeUnknownError,
  IamportError,
  IamportNotFoundError,
  IamportRequestError,
  IamportWebhookError,
} from '@/lib/iamport';
import {
  ProviderApiError,
  ProviderChargeUnknownError,
  ProviderError,
  ProviderNotFoundError,
  ProviderNoticeError,
  ProviderUnavailableError,
} from '../errors';

/** The client's error as the seam's: the same meaning, the client's error kept as `cause`. */
export function fromIamport(error: unknown): unknown {
  if (!(error instanceof IamportError)) return error;
  const options = { cause: error };
  if (error instanceof IamportChargeUnknownError)
    return new ProviderChargeUnknownError('v1', error.merchant_uid, options);
  if (error instanceof IamportApiError) {
    const Kind = error instanceof IamportNotFoundError ? ProviderNotFoundError : ProviderApiError;
    const code = error.code === null ? null : String(error.code);
    return new Kind('v1', error.httpStatus, code, error.serviceMessage, options);
  }
  if (error instanceof IamportWebhookError) return new ProviderNoticeError('v1', error.message, options);
  // IamportRequestError is the caller's mistake (nothing was sent); the rest never got an answer.
  if (error instanceof IamportRequestError) return new ProviderError('v1', error.message, options);
  return new ProviderUnavailableError('v1', error.message, options);
}

/** Runs a call of the V1 client, its failures translated. */
export async function v1<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw fromIamport(error);
  }
}
