import 'server-only';
import type { Api } from './types';

/** Every failure of a provider is one of these; none carries a secret, a token or a request body. */
export class ProviderError extends Error {
  override name = 'ProviderError';
  constructor(
    readonly api: Api,
    message: string,
    options?: ErrorOptions,
  ) {
    super(`${api}: ${message}`, options);
  }
}

/** The service answered with a failure. */
export class ProviderApiError extends ProviderError {
  override name = 'ProviderApiError';
  constructor(
    api: Api,
    readonly httpStatus: number,
    /** V1: the envelope's code as text; V2: the error's `type` (e.g. PAYMENT_NOT_FOUND). */
    readonly code: string | null,
    /** The service's own text: show or log it, never branch on it. */
    readonly serviceMessage: string | null,
    options?: ErrorOptions,
  ) {
    super(api, `HTTP ${httpStatus}, ${code ?? 'no code'}: ${serviceMessage ?? 'no message'}`, options);
  }
}

/** No such record at the service. */
export class ProviderNotFoundError extends ProviderApiError {
  override name = 'ProviderNotFoundError';
}

/** No usable answer: never reached, timed out, dropped, or unreadable. Reads may be retried. */
export class ProviderUnavailableError extends ProviderError {
  override name = 'ProviderUnavailableError';
}

/** A charge was sent but its fate is unknown: resolve it by its order id before charging again. */
export class ProviderChargeUnknownError extends ProviderError {
  override name = 'ProviderChargeUnknownError';
  constructor(
    api: Api,
    readonly orderId: string,
    options?: ErrorOptions,
  ) {
    super(api, `the outcome of the charge ${orderId} is unknown`, options);
  }
}

/** A body posted as a notice that is not one: unsigned, wrongly signed, stale, or not a notice. */
export class ProviderNoticeError extends ProviderError {
  override name = 'ProviderNoticeError';
}
