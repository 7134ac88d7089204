import 'server-only';
import { PortOneError } from '@portone/server-sdk';
import { ProviderApiError, ProviderError, ProviderNotFoundError, ProviderUnavailableError } from '../errors';

// The server SDK throws an error per operation whose `data` is the service's `{ type, message }`;
// it keeps no HTTP status and no timeout of its own. These read its errors into the seam's.

/** The service's error `type` (e.g. PAYMENT_NOT_FOUND) when it answered one, else null. */
export function serviceType(error: unknown): string | null {
  if (!(error instanceof PortOneError) || !('data' in error)) return null;
  const data = error.data as { type?: unknown };
  return typeof data.type === 'string' ? data.type : null;
}

export function serviceMessage(error: unknown): string | null {
  if (!(error instanceof PortOneError) || !('data' in error)) return null;
  const data = error.data as { message?: unknown; pgMessage?: unknown };
  const text = data.pgMessage ?? data.message;
  return typeof text === 'string' ? text : null;
}

/** The statuses the OpenAPI file gives each family of types; the SDK drops the real one. */
function statusOf(type: string): number {
  if (type === 'UNAUTHORIZED') return 401;
  if (type === 'FORBIDDEN') return 403;
  if (type.endsWith('_NOT_FOUND')) return 404;
  if (type === 'INVALID_REQUEST') return 400;
  if (type === 'PG_PROVIDER' || type === 'CHANNEL_SPECIFIC') return 502;
  if (/^(ALREADY_|.*_ALREADY_|.*_EXCEEDS_|.*_CONSISTENCY_BROKEN$|.*_NOT_PAID$)/.test(type)) return 409;
  return 500;
}

/** A connection refused never reached the service: nothing it asked for can have happened. */
export function neverSent(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND';
}

export class V2TimeoutError extends ProviderUnavailableError {
  override name = 'V2TimeoutError';
}

/** The SDK's (or fetch's) error as the seam's, the original kept as `cause`. */
export function fromSdk(error: unknown): unknown {
  if (error instanceof ProviderError) return error;
  const options = { cause: error };
  const type = serviceType(error);
  if (type !== null) {
    const Kind = type.endsWith('_NOT_FOUND') ? ProviderNotFoundError : ProviderApiError;
    return new Kind('v2', statusOf(type), type, serviceMessage(error), options);
  }
  // An error answer without the service's { type, message } (a proxy's page, a bare 5xx).
  if (error instanceof PortOneError && 'data' in error) {
    return new ProviderUnavailableError('v2', 'an error answer the service does not give', options);
  }
  if (error instanceof PortOneError) return new ProviderError('v2', error.message, options);
  if (error instanceof SyntaxError) return new ProviderUnavailableError('v2', 'an answer that is not JSON', options);
  if (error instanceof TypeError) {
    const what = neverSent(error) ? 'could not connect to the V2 service' : 'no answer from the V2 service';
    return new ProviderUnavailableError('v2', what, options);
  }
  return error;
}

/**
 * Runs one SDK call with a deadline (the SDK has none: a service that never answers would hold the
 * request forever). The abandoned request is left to finish on its own; its answer is not used.
 */
export async function within<T>(timeoutMs: number, call: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new V2TimeoutError('v2', `no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([call(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** One SDK call with a deadline, its failures translated. */
export async function v2<T>(timeoutMs: number, call: () => Promise<T>): Promise<T> {
  try {
    return await within(timeoutMs, call);
  } catch (error) {
    throw fromSdk(error);
  }
}
