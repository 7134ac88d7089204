import 'server-only';

/**
 * Every failure of the client is one of these classes, never a plain object or string. None of
 * them ever carries the access token, the REST secret or a request body (which may hold card data).
 */
export class IamportError extends Error {
  override name = 'IamportError';
}

/** The service answered, with a failure: a non-2xx status or a non-zero `code`. */
export class IamportApiError extends IamportError {
  override name = 'IamportApiError';
  constructor(
    /** e.g. `GET /payments/imp_123456789012` */
    readonly request: string,
    readonly httpStatus: number,
    /** The envelope's `code`; null when the body was not an envelope (e.g. a proxy's error page). */
    readonly code: number | null,
    /** The service's own text (often Korean). Show it or log it; never branch on it. */
    readonly serviceMessage: string | null,
  ) {
    super(`${request}: HTTP ${httpStatus}, code ${code ?? 'none'}: ${serviceMessage ?? 'no message'}`);
  }
}

/** The key or secret was refused, or a fresh token was refused again after one refresh. */
export class IamportAuthenticationError extends IamportApiError {
  override name = 'IamportAuthenticationError';
}

/** The record does not exist (HTTP 404, or the service's "not registered" answer on reads). */
export class IamportNotFoundError extends IamportApiError {
  override name = 'IamportNotFoundError';
}

/** The request provably never reached the service (connection refused, DNS): safe to send again. */
export class IamportConnectionError extends IamportError {
  override name = 'IamportConnectionError';
  constructor(
    readonly request: string,
    /** `service`: the origin it was sent to, so the message says where the service was looked for. */
    options: { cause: unknown; service?: string },
  ) {
    const where = options.service ? ` at ${options.service}` : '';
    super(`${request}: could not connect to the payment service${where} (${describeCause(options.cause)})`, options);
  }
}

/**
 * The request was sent but no complete answer came back: the connection dropped, or the service
 * was slower than the timeout. The service may or may not have processed it.
 */
export class IamportTimeoutError extends IamportError {
  override name = 'IamportTimeoutError';
  constructor(
    readonly request: string,
    readonly kind: 'timeout' | 'connection-lost',
    options: { cause: unknown; timeoutMs: number },
  ) {
    super(
      kind === 'timeout'
        ? `${request}: no answer within ${options.timeoutMs} ms; the service may or may not have processed it`
        : `${request}: the connection dropped before the answer (${describeCause(options.cause)}); the service may or may not have processed it`,
      options,
    );
  }
}

/** The service answered with something that does not fit the record it should have sent. */
export class IamportInvalidResponseError extends IamportError {
  override name = 'IamportInvalidResponseError';
  constructor(
    readonly request: string,
    /** Dotted path of the offending field inside the body, e.g. `response.paid_at`. */
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${request}: unexpected response at ${field}: ${problem}`);
  }
}

/** The call failed local validation and was not sent. */
export class IamportRequestError extends IamportError {
  override name = 'IamportRequestError';
  constructor(
    readonly operation: string,
    readonly fields: ReadonlyArray<{ field: string; message: string }>,
  ) {
    super(`${operation}: invalid request, not sent: ${fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`);
  }
}

/**
 * A charge (again, onetime) was sent but its fate is unknown: timeout, dropped connection, a 5xx,
 * or an answer that could not be read. It was NOT re-sent. Call `charges.resolve(merchant_uid)` to
 * learn the truth before charging again; `cause` holds the underlying error.
 */
export class IamportChargeUnknownError extends IamportError {
  override name = 'IamportChargeUnknownError';
  constructor(
    readonly merchant_uid: string,
    options: { cause: IamportError },
  ) {
    super(
      `charge ${merchant_uid}: outcome unknown (${options.cause.message}); resolve it with charges.resolve before charging again`,
      options,
    );
  }
}

/** A webhook body that is not a payment notice: the caller answers 400 and trusts nothing in it. */
export class IamportWebhookError extends IamportError {
  override name = 'IamportWebhookError';
}

function describeCause(cause: unknown): string {
  const code = errorCode(cause);
  if (code) return code;
  return cause instanceof Error ? cause.message : 'unknown cause';
}

/** The system error code of a fetch failure (undici wraps it in `cause`, sometimes an AggregateError). */
export function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && !code.startsWith('ABORT')) return code;
    if (current instanceof AggregateError && current.errors[0] instanceof Error) current = current.errors[0];
    else current = current.cause;
  }
  return undefined;
}
